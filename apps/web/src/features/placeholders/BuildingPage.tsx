import { Card, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { menuKey } from '../../shared/i18n/menu.ts';
import { PageContainer } from '../../shared/ui/PageContainer.tsx';

/** Console pages whose screens are built in later issues. */
export default function BuildingPage({ name }: { name: string }) {
  const { t } = useTranslation();
  return (
    <PageContainer title={t(menuKey(name))}>
      <Card>
        <Result
          status="info"
          title={t('placeholder.building.title')}
          subTitle={t('placeholder.building.subTitle')}
        />
      </Card>
    </PageContainer>
  );
}
