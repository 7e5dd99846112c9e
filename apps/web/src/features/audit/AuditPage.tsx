import { DownloadOutlined } from '@ant-design/icons';
import { auditListQuerySchema } from '@cool/shared';
import { Button, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../shared/http/download.ts';
import { errorText } from '../../shared/http/errorText.ts';
import { useListState } from '../../shared/list/useListState.ts';
import { useNotices } from '../../shared/ui/notices.ts';
import { PageContainer } from '../../shared/ui/PageContainer.tsx';
import { Panel } from '../../shared/ui/Panel.tsx';
import { QueryContent } from '../../shared/ui/QueryErrorState.tsx';
import { useAuditList } from './api.ts';
import { AuditSearchForm } from './components/AuditSearchForm.tsx';
import { AuditTable } from './components/AuditTable.tsx';

export default function AuditPage() {
  const { t } = useTranslation();
  const { message } = useNotices();
  const listState = useListState(auditListQuerySchema);
  const { query } = listState;
  const list = useAuditList(query);
  const [exporting, setExporting] = useState(false);

  const exportList = async () => {
    setExporting(true);
    try {
      // The whole filtered list, not a page; the page's cursor means nothing to it.
      const { cursor: _cursor, ...filters } = listState.filters;
      const { sortField, sortOrder } = query;
      await downloadFile('/audit-log/export', { ...filters, sortField, sortOrder }, 'audit-log.csv');
      message.success(t('audit.exported'));
    } catch (error) {
      message.error(errorText(error, t));
    } finally {
      setExporting(false);
    }
  };

  return (
    <PageContainer title={t('menu.audit')} content={t('audit.description')}>
      <Panel>
        <AuditSearchForm filters={listState.filters} onSearch={listState.search} />
      </Panel>
      <Panel title={t('audit.listTitle')} bodyStyle={{ overflow: 'hidden' }}>
        <Flex vertical gap={16}>
          <Flex justify="end">
            <Button icon={<DownloadOutlined />} loading={exporting} onClick={() => void exportList()}>
              {t('audit.export')}
            </Button>
          </Flex>
          <QueryContent query={list} errorTitle={t('audit.loadFailed')}>
            <AuditTable page={list.data} loading={list.isFetching} list={listState} />
          </QueryContent>
        </Flex>
      </Panel>
    </PageContainer>
  );
}
