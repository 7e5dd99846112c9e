import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../shared/ui/PageContainer.tsx';

/** The outcome of a refund (the template's Result Success and Fail pages). Being built. */
export default function RefundResultPage({ outcome }: { outcome: 'success' | 'fail' }) {
  const { t } = useTranslation();
  return (
    <PageContainer title={t(outcome === 'success' ? 'menu.resultSuccess' : 'menu.resultFail')}>
      {null}
    </PageContainer>
  );
}
