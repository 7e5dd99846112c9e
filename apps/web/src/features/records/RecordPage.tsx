import { DownloadOutlined } from '@ant-design/icons';
import { type RecordExportQuery, recordListQuerySchema } from '@cool/shared';
import { Button, Flex, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { downloadFile } from '../../shared/http/download.ts';
import { errorText } from '../../shared/http/errorText.ts';
import { useListState } from '../../shared/list/useListState.ts';
import { Authorized } from '../../shared/permissions/Authorized.tsx';
import { useNotices } from '../../shared/ui/notices.ts';
import { PageContainer } from '../../shared/ui/PageContainer.tsx';
import { Panel } from '../../shared/ui/Panel.tsx';
import { QueryContent } from '../../shared/ui/QueryErrorState.tsx';
import { useRecordList } from './api.ts';
import { RecordDrawer } from './components/RecordDrawer.tsx';
import { RecordSearchForm } from './components/RecordSearchForm.tsx';
import { RecordTable } from './components/RecordTable.tsx';

/** The URL parameter of the open record: other screens link to `/records?record=<id>`. */
const OPEN_RECORD = 'record';

export default function RecordPage() {
  const { t } = useTranslation();
  const { message } = useNotices();
  // Filters, sort and page live in the URL: a shared link or a restored tab shows the same list.
  const listState = useListState(recordListQuerySchema);
  const { query } = listState;
  const list = useRecordList(query);
  const [params, setParams] = useSearchParams();
  const openId = Number(params.get(OPEN_RECORD)) || null;
  const [exporting, setExporting] = useState<RecordExportQuery['format'] | null>(null);

  const open = (id: number | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id === null) next.delete(OPEN_RECORD);
        else next.set(OPEN_RECORD, String(id));
        return next;
      },
      { replace: true },
    );

  const exportList = async (format: 'csv' | 'xlsx') => {
    setExporting(format);
    try {
      const { pageNo: _pageNo, pageSize: _pageSize, ...filters } = query;
      await downloadFile('/records/export', { ...filters, format }, `records.${format}`);
      message.success(t('records.exported'));
    } catch (error) {
      message.error(errorText(error, t));
    } finally {
      setExporting(null);
    }
  };

  // A participant's records (a link from their details) stay theirs through searches until cleared here.
  const { participantId } = query;

  return (
    <PageContainer title={t('menu.records')} content={t('records.description')}>
      <Panel>
        <Flex vertical gap={12}>
          {participantId !== undefined && (
            <div>
              <Tag
                closable
                closeIcon
                onClose={() => listState.update({ participantId: undefined, pageNo: 1 })}
                aria-label={t('records.search.clearParticipant')}
              >
                {t('records.search.participantId', { id: participantId })}
              </Tag>
            </div>
          )}
          <RecordSearchForm
            filters={listState.filters}
            onSearch={(filters) => listState.search({ ...filters, participantId })}
          />
        </Flex>
      </Panel>
      <Panel title={t('records.listTitle')} bodyStyle={{ overflow: 'hidden' }}>
        <Flex vertical gap={16}>
          <Authorized permission="records" action="export">
            <Flex gap={8} wrap justify="flex-end">
              <Button
                icon={<DownloadOutlined />}
                loading={exporting === 'csv'}
                disabled={exporting !== null}
                onClick={() => void exportList('csv')}
              >
                {t('records.exportCsv')}
              </Button>
              <Button
                icon={<DownloadOutlined />}
                loading={exporting === 'xlsx'}
                disabled={exporting !== null}
                onClick={() => void exportList('xlsx')}
              >
                {t('records.exportXlsx')}
              </Button>
            </Flex>
          </Authorized>
          <QueryContent query={list} errorTitle={t('records.loadFailed')}>
            <RecordTable
              page={list.data}
              loading={list.isFetching}
              list={listState}
              onView={(record) => open(record.id)}
            />
          </QueryContent>
        </Flex>
      </Panel>
      {openId !== null && <RecordDrawer id={openId} onClose={() => open(null)} />}
    </PageContainer>
  );
}
