import { Col, Flex, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../shared/permissions/usePermission.ts';
import { PageContainer } from '../../shared/ui/PageContainer.tsx';
import { Panel } from '../../shared/ui/Panel.tsx';
import { QuickLinks } from './components/QuickLinks.tsx';
import { RecentActivity } from './components/RecentActivity.tsx';
import { RecentTests } from './components/RecentTests.tsx';
import { TeamPanel } from './components/TeamPanel.tsx';
import { WorkplaceHeader } from './components/WorkplaceHeader.tsx';

/**
 * The template's workplace as the signed-in staff member's start page: what waits for them, the tests being
 * worked on, the team's recent activity, their pages and the team. Each card shows only to roles that may read it.
 */
export default function WorkplacePage() {
  const { t } = useTranslation();
  const can = usePermission();
  const main = [
    can('tests', 'query') && <RecentTests key="tests" />,
    can('audit', 'query') && <RecentActivity key="activity" />,
  ];
  return (
    <PageContainer title={t('menu.workplace')} content={t('workplace.description')}>
      <WorkplaceHeader />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={16}>
          <Flex vertical gap={16}>
            {main}
          </Flex>
        </Col>
        <Col xs={24} xl={8}>
          <Flex vertical gap={16}>
            <Panel title={t('workplace.links.title')}>
              <QuickLinks />
            </Panel>
            {can('roles', 'query') && <TeamPanel />}
          </Flex>
        </Col>
      </Row>
    </PageContainer>
  );
}
