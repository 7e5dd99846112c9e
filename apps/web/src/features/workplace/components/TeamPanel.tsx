import { TeamOutlined } from '@ant-design/icons';
import { formatNumber } from '@cool/shared';
import { Col, Flex, Row, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { roleName } from '../../../shared/staff/builtInNames.ts';
import { PageLoading } from '../../../shared/ui/PageLoading.tsx';
import { Panel } from '../../../shared/ui/Panel.tsx';
import { QueryContent } from '../../../shared/ui/QueryErrorState.tsx';
import { useTeam } from '../api.ts';

/** The template's team card: the staff by role, with how many accounts each has and how many may sign in. */
export function TeamPanel() {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const query = useTeam();
  const roles = query.data;
  return (
    <Panel
      title={t('workplace.team.title')}
      extra={<Link to="/system/roles">{t('workplace.team.more')}</Link>}
    >
      <QueryContent query={query} errorTitle={t('workplace.team.loadFailed')}>
        {query.isPending && <PageLoading />}
        {roles && roles.length === 0 && (
          <Typography.Text type="secondary">{t('workplace.team.empty')}</Typography.Text>
        )}
        <Row gutter={[16, 16]}>
          {roles?.map((role) => (
            <Col key={role.id} xs={24} sm={12} xl={24}>
              <Flex gap={12} align="center" style={{ minWidth: 0 }}>
                <TeamOutlined style={{ fontSize: token.fontSizeHeading3, color: token.colorPrimary }} />
                <Flex vertical style={{ minWidth: 0 }}>
                  <Typography.Text strong ellipsis={{ tooltip: roleName(t, role) }}>
                    {roleName(t, role)}
                  </Typography.Text>
                  <Typography.Text type="secondary">
                    {t('workplace.team.members', { count: role.members, n: formatNumber(role.members) })} ·{' '}
                    {t('workplace.team.enabled', { n: formatNumber(role.enabledMembers) })}
                  </Typography.Text>
                </Flex>
              </Flex>
            </Col>
          ))}
        </Row>
      </QueryContent>
    </Panel>
  );
}
