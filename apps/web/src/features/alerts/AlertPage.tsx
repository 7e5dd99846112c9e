import { type Alert, alertListQuerySchema } from '@cool/shared';
import { Flex, Tag } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { errorText } from '../../shared/http/errorText.ts';
import { useListState } from '../../shared/list/useListState.ts';
import { usePermission } from '../../shared/permissions/usePermission.ts';
import { OPEN_ALERT } from '../../shared/records/links.ts';
import { useDialog } from '../../shared/ui/dialog.tsx';
import { useNotices } from '../../shared/ui/notices.ts';
import { PageContainer } from '../../shared/ui/PageContainer.tsx';
import { Panel } from '../../shared/ui/Panel.tsx';
import { QueryContent } from '../../shared/ui/QueryErrorState.tsx';
import { useAlertList, useLinkedAlert } from './api.ts';
import { AlertFollowUp } from './components/AlertFollowUp.tsx';
import { AlertSearchForm } from './components/AlertSearchForm.tsx';
import { AlertTable } from './components/AlertTable.tsx';

export default function AlertPage() {
  const { t } = useTranslation();
  const { message } = useNotices();
  // Filters and page live in the URL: a shared link or a restored tab shows the same queue.
  const listState = useListState(alertListQuerySchema);
  const list = useAlertList(listState.query);
  const editable = usePermission()('alerts', 'edit');
  const [dialog, dialogHolder] = useDialog();
  const [params, setParams] = useSearchParams();
  const linkedId = Number(params.get(OPEN_ALERT)) || null;
  const linked = useLinkedAlert(linkedId);
  const shownLink = useRef<number | null>(null);

  const forgetLink = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(OPEN_ALERT);
        return next;
      },
      { replace: true },
    );

  const open = (alert: Alert, onClose?: () => void) =>
    dialog.open(<AlertFollowUp alert={alert} editable={editable} />, {
      title: t('alerts.followUp.title', { id: alert.id }),
      okText: t(editable ? 'alerts.followUp.save' : 'alerts.followUp.close'),
      cancelText: t('alerts.followUp.cancel'),
      cancelButtonProps: editable ? undefined : { style: { display: 'none' } },
      mask: { closable: false },
      width: 640,
      onClose,
    });

  // A link from a record or a participant (`/alerts?alert=<id>`) opens that alert once; closing it forgets the link.
  useEffect(() => {
    if (linkedId === null || shownLink.current === linkedId) return;
    if (linked.data?.id === linkedId) {
      shownLink.current = linkedId;
      open(linked.data, forgetLink);
    } else if (linked.isError) {
      shownLink.current = linkedId;
      message.error(errorText(linked.error, t));
      forgetLink();
    }
  });

  // A participant's alerts (a link from their profile) stay theirs through searches until cleared here.
  const { participantId } = listState.query;

  return (
    <PageContainer title={t('menu.alerts')} content={t('alerts.description')}>
      <Panel>
        <Flex vertical gap={12}>
          {participantId !== undefined && (
            <div>
              <Tag
                closable
                closeIcon
                onClose={() => listState.update({ participantId: undefined, pageNo: 1 })}
                aria-label={t('alerts.search.clearParticipant')}
              >
                {t('alerts.search.participantId', { id: participantId })}
              </Tag>
            </div>
          )}
          <AlertSearchForm
            filters={listState.filters}
            onSearch={(filters) => listState.search({ ...filters, participantId })}
          />
        </Flex>
      </Panel>
      <Panel title={t('alerts.listTitle')} bodyStyle={{ overflow: 'hidden' }}>
        <QueryContent query={list} errorTitle={t('alerts.loadFailed')}>
          <AlertTable
            page={list.data}
            loading={list.isFetching}
            list={listState}
            onOpen={(alert) => open(alert)}
          />
        </QueryContent>
      </Panel>
      {dialogHolder}
    </PageContainer>
  );
}
