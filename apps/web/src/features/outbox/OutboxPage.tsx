import { outboxQuerySchema } from '@cool/shared';
import { Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useListState } from '../../shared/list/useListState.ts';
import { PageContainer } from '../../shared/ui/PageContainer.tsx';
import { Panel } from '../../shared/ui/Panel.tsx';
import { QueryContent } from '../../shared/ui/QueryErrorState.tsx';
import { useOutbox } from './api.ts';
import { MessageDrawer } from './components/MessageDrawer.tsx';
import { OutboxSearchForm } from './components/OutboxSearchForm.tsx';
import { OutboxTable } from './components/OutboxTable.tsx';

/**
 * The development outbox: mail and SMS the server kept because no transport is set up (with their codes and
 * links, so admins only), and a record of those sent or refused once one is.
 */
export default function OutboxPage() {
  const { t } = useTranslation();
  const listState = useListState(outboxQuerySchema);
  const list = useOutbox(listState.query);
  const [open, setOpen] = useState<number | null>(null);
  return (
    <PageContainer title={t('menu.outbox')} content={t('outbox.description')}>
      <Panel>
        <Flex vertical gap={16}>
          <OutboxSearchForm filters={listState.filters} onSearch={listState.search} />
          <QueryContent query={list} errorTitle={t('outbox.loadFailed')}>
            <OutboxTable page={list.data} loading={list.isFetching} list={listState} onOpen={setOpen} />
          </QueryContent>
        </Flex>
      </Panel>
      <MessageDrawer id={open} onClose={() => setOpen(null)} />
    </PageContainer>
  );
}
