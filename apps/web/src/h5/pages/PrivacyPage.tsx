import { Page } from '../components/Page.tsx';
import { useService } from '../components/Service.tsx';
import { LoadError, Loading, Message } from '../components/States.tsx';
import { useContent, useText } from '../i18n/i18n.ts';

/** The privacy policy staff wrote under Settings > General, as they wrote it (line breaks kept). */
export default function PrivacyPage() {
  const t = useText();
  const text = useContent();
  const service = useService();
  const policy = service.data ? text(service.data.privacyPolicy) : '';
  return (
    <Page title={t('service.privacy')}>
      {service.isPending ? (
        <Loading />
      ) : service.isError ? (
        <LoadError error={service.error} retry={() => void service.refetch()} />
      ) : policy ? (
        <article className="h5-policy">{policy}</article>
      ) : (
        <Message title={t('service.noPolicy')} />
      )}
    </Page>
  );
}
