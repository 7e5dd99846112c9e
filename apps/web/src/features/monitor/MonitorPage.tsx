import { ReloadOutlined } from '@ant-design/icons';
import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { Button, Col, Flex, Row, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { usePermission } from '../../shared/permissions/usePermission.ts';
import { PageContainer } from '../../shared/ui/PageContainer.tsx';
import { monitorKeys } from './api.ts';
import { AlertsPanel } from './components/AlertsPanel.tsx';
import { JobsPanel } from './components/JobsPanel.tsx';
import { PaymentsPanel } from './components/PaymentsPanel.tsx';
import { RecordsNowPanel } from './components/RecordsNowPanel.tsx';

/**
 * The template's monitor as the service's live operations: records being taken, WeChat Pay's health, the
 * alerts waiting and the background work. Each section shows only to roles that may read its resource.
 */
export default function MonitorPage() {
  const { t } = useTranslation();
  const can = usePermission();
  const queryClient = useQueryClient();
  const fetching = useIsFetching({ queryKey: monitorKeys.all }) > 0;
  // The newest answer of any section (read again when a fetch ends: useIsFetching re-renders the page).
  const updatedAt = Math.max(
    0,
    ...queryClient
      .getQueryCache()
      .findAll({ queryKey: monitorKeys.all })
      .map((query) => query.state.dataUpdatedAt),
  );
  const sections = [
    { key: 'records', shown: can('records', 'query'), panel: <RecordsNowPanel /> },
    { key: 'payments', shown: can('payLog', 'query'), panel: <PaymentsPanel /> },
    { key: 'alerts', shown: can('alerts', 'query'), panel: <AlertsPanel now={updatedAt || Date.now()} /> },
    { key: 'jobs', shown: can('settings', 'query'), panel: <JobsPanel /> },
  ].filter((section) => section.shown);

  return (
    <PageContainer
      title={t('menu.monitor')}
      content={t('monitor.description')}
      extra={
        <Flex align="center" gap={8} wrap>
          {updatedAt > 0 && (
            <Typography.Text type="secondary" role="status">
              {t('monitor.updatedAt', { time: dayjs(updatedAt).format('HH:mm:ss') })}
            </Typography.Text>
          )}
          <Button
            icon={<ReloadOutlined />}
            loading={fetching}
            onClick={() => queryClient.invalidateQueries({ queryKey: monitorKeys.all })}
          >
            {t('monitor.refresh')}
          </Button>
        </Flex>
      }
    >
      <Row gutter={[16, 16]}>
        {sections.map((section) => (
          <Col key={section.key} xs={24} xl={12}>
            {section.panel}
          </Col>
        ))}
      </Row>
    </PageContainer>
  );
}
