import { ALERT_STATUSES, type Alert, type AlertStatus, alertListQuerySchema } from '@cool/shared';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { ListSearchForm, SearchField } from '../../shared/list/ListSearchForm.tsx';
import { useListState } from '../../shared/list/useListState.ts';
import { usePermission } from '../../shared/permissions/usePermission.ts';
import { useDialog } from '../../shared/ui/dialog.tsx';
import { PageContainer } from '../../shared/ui/PageContainer.tsx';
import { Panel } from '../../shared/ui/Panel.tsx';
import { QueryContent } from '../../shared/ui/QueryErrorState.tsx';
import { useAlertList } from './api.ts';
import { AlertFollowUp } from './components/AlertFollowUp.tsx';
import { AlertTable } from './components/AlertTable.tsx';

export default function AlertPage() {
  const { t } = useTranslation();
  // Filters and page live in the URL: a shared link or a restored tab shows the same queue.
  const listState = useListState(alertListQuerySchema);
  const list = useAlertList(listState.query);
  const editable = usePermission()('alerts', 'edit');
  const [dialog, dialogHolder] = useDialog();

  const open = (alert: Alert) =>
    dialog.open(<AlertFollowUp alert={alert} editable={editable} />, {
      title: t('alerts.followUp.title', { id: alert.id }),
      okText: t(editable ? 'alerts.followUp.save' : 'alerts.followUp.close'),
      cancelText: t('alerts.followUp.cancel'),
      cancelButtonProps: editable ? undefined : { style: { display: 'none' } },
      mask: { closable: false },
      width: 640,
    });

  return (
    <PageContainer title={t('menu.alerts')} content={t('alerts.description')}>
      <Panel>
        <ListSearchForm<{ status?: AlertStatus }> filters={listState.filters} onSearch={listState.search}>
          <SearchField name="status" label={t('alerts.field.status')}>
            <Select
              allowClear
              placeholder={t('alerts.search.all')}
              style={{ width: 140 }}
              options={ALERT_STATUSES.map((status) => ({
                value: status,
                label: t(`testRecord.alertStatus.${status}`),
              }))}
            />
          </SearchField>
        </ListSearchForm>
      </Panel>
      <Panel title={t('alerts.listTitle')} bodyStyle={{ overflow: 'hidden' }}>
        <QueryContent query={list} errorTitle={t('alerts.loadFailed')}>
          <AlertTable page={list.data} loading={list.isFetching} list={listState} onOpen={open} />
        </QueryContent>
      </Panel>
      {dialogHolder}
    </PageContainer>
  );
}
