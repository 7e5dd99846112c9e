import { Button, Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { menuKey } from '../../shared/i18n/menu.ts';
import { PageContainer } from '../../shared/ui/PageContainer.tsx';

/** Account center/settings from the avatar menu: reachable, but not built yet. */
export default function ComingSoonPage({ name }: { name: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <PageContainer title={t(menuKey(name))}>
      <Card>
        <Result
          status="info"
          title={t('placeholder.comingSoon.title')}
          subTitle={t('placeholder.comingSoon.subTitle')}
          extra={
            <Button type="primary" onClick={() => navigate('/')}>
              {t('placeholder.backHome')}
            </Button>
          }
        />
      </Card>
    </PageContainer>
  );
}
