import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** SPEC 2 page-loading overlay: a centred large spinner while a screen or the session loads. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div style={{ minHeight: 240, height: '100%', display: 'grid', placeItems: 'center' }}>
      <Spin size="large" description={t('common.loading')} />
    </div>
  );
}
