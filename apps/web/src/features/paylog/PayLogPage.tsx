import { payLogQuerySchema } from '@cool/shared';
import { Flex, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useListState } from '../../shared/list/useListState.ts';
import { PageContainer } from '../../shared/ui/PageContainer.tsx';
import { Panel } from '../../shared/ui/Panel.tsx';
import { QueryContent } from '../../shared/ui/QueryErrorState.tsx';
import { usePayLog } from './api.ts';
import { PayLogSearchForm } from './components/PayLogSearchForm.tsx';
import { PayLogTable } from './components/PayLogTable.tsx';
import { defaultBillDate, ReconciliationPanel } from './components/ReconciliationPanel.tsx';

const TAB = 'tab';
const BILL_DATE = 'billDate';
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

function PayLogTab() {
  const { t } = useTranslation();
  const listState = useListState(payLogQuerySchema);
  const list = usePayLog(listState.query);
  return (
    <Flex vertical gap={16}>
      <PayLogSearchForm filters={listState.filters} onSearch={listState.search} />
      <QueryContent query={list} errorTitle={t('payLog.loadFailed')}>
        <PayLogTable page={list.data} loading={list.isFetching} list={listState} />
      </QueryContent>
    </Flex>
  );
}

/** The WeChat Pay page: every call to and notification from WeChat Pay, and each day's bill reconciled. */
export default function PayLogPage() {
  const { t } = useTranslation();
  // The tab and the day are in the URL, like a list's filters: a shared link shows the same view.
  const [params, setParams] = useSearchParams();
  const tab = params.get(TAB) === 'reconciliation' ? 'reconciliation' : 'log';
  const dayParam = params.get(BILL_DATE);
  const billDate = dayParam && DAY_PATTERN.test(dayParam) ? dayParam : defaultBillDate();

  const set = (name: string, value: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { replace: true },
    );

  return (
    <PageContainer title={t('menu.orderWeixin')} content={t('payLog.description')} section="/order">
      <Panel bodyStyle={{ paddingTop: 4, overflow: 'hidden' }}>
        <Tabs
          activeKey={tab}
          onChange={(key) => set(TAB, key === 'log' ? null : key)}
          items={[
            { key: 'log', label: t('payLog.tabs.log'), children: <PayLogTab /> },
            {
              key: 'reconciliation',
              label: t('payLog.tabs.reconciliation'),
              children: <ReconciliationPanel billDate={billDate} onBillDate={(day) => set(BILL_DATE, day)} />,
            },
          ]}
        />
      </Panel>
    </PageContainer>
  );
}
