import { PARTICIPANT_STATUSES, type ParticipantStatus, participantListQuerySchema } from '@cool/shared';
import { Input, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListSearchForm, SearchField } from '../../shared/list/ListSearchForm.tsx';
import { useListState } from '../../shared/list/useListState.ts';
import { useDialog } from '../../shared/ui/dialog.tsx';
import { PageContainer } from '../../shared/ui/PageContainer.tsx';
import { Panel } from '../../shared/ui/Panel.tsx';
import { QueryContent } from '../../shared/ui/QueryErrorState.tsx';
import { useParticipantList } from './api.ts';
import { ParticipantDrawer } from './components/ParticipantDrawer.tsx';
import { ParticipantTable } from './components/ParticipantTable.tsx';

export default function ParticipantPage() {
  const { t } = useTranslation();
  // Filters, sort and page live in the URL: a shared link or a restored tab shows the same list.
  const listState = useListState(participantListQuerySchema);
  const list = useParticipantList(listState.query);
  const [dialog, dialogHolder] = useDialog();
  const [viewing, setViewing] = useState<number | null>(null);

  return (
    <PageContainer title={t('menu.participants')} content={t('participants.description')}>
      <Panel>
        <ListSearchForm<{ nickname?: string; status?: ParticipantStatus }>
          filters={listState.filters}
          onSearch={listState.search}
        >
          <SearchField name="nickname" label={t('participants.field.nickname')}>
            <Input
              allowClear
              placeholder={t('participants.search.nicknamePlaceholder')}
              style={{ width: 180 }}
            />
          </SearchField>
          <SearchField name="status" label={t('participants.field.status')}>
            <Select
              allowClear
              placeholder={t('participants.search.all')}
              style={{ width: 140 }}
              options={PARTICIPANT_STATUSES.map((status) => ({
                value: status,
                label: t(`participants.status.${status}`),
              }))}
            />
          </SearchField>
        </ListSearchForm>
      </Panel>
      <Panel title={t('participants.listTitle')} bodyStyle={{ overflow: 'hidden' }}>
        <QueryContent query={list} errorTitle={t('participants.loadFailed')}>
          <ParticipantTable
            page={list.data}
            loading={list.isFetching}
            list={listState}
            dialog={dialog}
            onView={(participant) => setViewing(participant.id)}
          />
        </QueryContent>
      </Panel>
      {viewing !== null && (
        <ParticipantDrawer id={viewing} dialog={dialog} onClose={() => setViewing(null)} />
      )}
      {dialogHolder}
    </PageContainer>
  );
}
