import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { testQueries } from '../api/tests.ts';
import { usePermission } from '../permissions/usePermission.ts';
import { LazyAlert } from '../ui/LazyAlert.tsx';

/**
 * Warns staff that priced tests are on the shelf while WeChat Pay is not set up: participants cannot start
 * them (the server refuses), so they sit on the shelf for nothing. Shown where staff manage tests and where
 * they set WeChat Pay up; `setUpLink` links to its settings for those who may change them.
 */
export function ShelfPaymentWarning({ setUpLink = false }: { setUpLink?: boolean }) {
  const { t } = useTranslation();
  const allowed = usePermission();
  const query = useQuery({ ...testQueries.shelfPayment(), enabled: allowed('tests', 'query') });
  const shelf = query.data;
  if (!shelf?.pricedOnShelf || shelf.wechatPayConfigured) return null;
  return (
    <LazyAlert
      type="warning"
      showIcon
      role="alert"
      title={t('testRecord.shelfPayment.title', { count: shelf.pricedOnShelf })}
      description={t('testRecord.shelfPayment.description')}
      action={
        setUpLink &&
        allowed('paySettings', 'edit') && (
          <Link to="/center?tab=wechatPay">{t('testRecord.shelfPayment.setUp')}</Link>
        )
      }
    />
  );
}
