import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../shared/ui/PageContainer.tsx';

/** Being built. */
export default function TriggerPage() {
  const { t } = useTranslation();
  return <PageContainer title={t('menu.exceptionTrigger')}>{null}</PageContainer>;
}
