import { Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { menuKey } from '../../shared/i18n/menu.ts';
import { BackHomeButton } from '../../shared/ui/ExceptionResult.tsx';
import { PageContainer } from '../../shared/ui/PageContainer.tsx';

/** Account center/settings from the avatar menu: reachable, but not built yet. */
export default function ComingSoonPage({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <PageContainer title={t(menuKey(name))}>
      <Card>
        <Result
          status="info"
          title={t('placeholder.comingSoon.title')}
          subTitle={t('placeholder.comingSoon.subTitle')}
          extra={<BackHomeButton />}
        />
      </Card>
    </PageContainer>
  );
}
