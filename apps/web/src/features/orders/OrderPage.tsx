import { DownloadOutlined } from '@ant-design/icons';
import { orderListQuerySchema } from '@cool/shared';
import { Button, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { downloadFile } from '../../shared/http/download.ts';
import { errorText } from '../../shared/http/errorText.ts';
import { useListState } from '../../shared/list/useListState.ts';
import { Authorized } from '../../shared/permissions/Authorized.tsx';
import { usePermission } from '../../shared/permissions/usePermission.ts';
import { useDialog } from '../../shared/ui/dialog.tsx';
import { useNotices } from '../../shared/ui/notices.ts';
import { PageContainer } from '../../shared/ui/PageContainer.tsx';
import { Panel } from '../../shared/ui/Panel.tsx';
import { QueryContent } from '../../shared/ui/QueryErrorState.tsx';
import { useOrderList } from './api.ts';
import { OrderDrawer } from './components/OrderDrawer.tsx';
import { OrderSearchForm } from './components/OrderSearchForm.tsx';
import { OrderTable } from './components/OrderTable.tsx';
import { OrderTotals } from './components/OrderTotals.tsx';

/** The URL parameter of the open order: a link to `/order?order=<orderNo>` opens it. */
const OPEN_ORDER = 'order';

const FORMATS = ['csv', 'xlsx'] as const;

export default function OrderPage() {
  const { t } = useTranslation();
  const { message } = useNotices();
  // Filters, sort and page live in the URL: a shared link or a restored tab shows the same list.
  const listState = useListState(orderListQuerySchema);
  const { query } = listState;
  // A page's cursor is no filter: the totals and the export cover the whole filtered list.
  const { cursor: _cursor, ...filters } = listState.filters;
  const list = useOrderList(query);
  const [dialog, dialogHolder] = useDialog();
  const [params, setParams] = useSearchParams();
  // An order's details need orders.get, which a role may lack while it may list orders.
  const mayOpen = usePermission()('orders', 'get');
  const openNo = mayOpen ? params.get(OPEN_ORDER) : null;
  const [exporting, setExporting] = useState<(typeof FORMATS)[number] | null>(null);

  const open = (orderNo: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (orderNo === null) next.delete(OPEN_ORDER);
        else next.set(OPEN_ORDER, orderNo);
        return next;
      },
      { replace: true },
    );

  const exportList = async (format: (typeof FORMATS)[number]) => {
    setExporting(format);
    try {
      const { sortField, sortOrder } = query;
      await downloadFile('/orders/export', { ...filters, sortField, sortOrder, format }, `orders.${format}`);
      message.success(t('orders.exported'));
    } catch (error) {
      message.error(errorText(error, t));
    } finally {
      setExporting(null);
    }
  };

  return (
    <PageContainer title={t('menu.order')} content={t('orders.description')}>
      <Panel>
        <OrderSearchForm filters={listState.filters} onSearch={listState.search} />
      </Panel>
      <Panel title={t('orders.listTitle')} bodyStyle={{ overflow: 'hidden' }}>
        <Flex vertical gap={16}>
          <Flex gap={16} wrap justify="space-between" align="end">
            <OrderTotals filters={filters} />
            <Authorized permission="orders" action="export">
              <Flex gap={8} wrap>
                {FORMATS.map((format) => (
                  <Button
                    key={format}
                    icon={<DownloadOutlined />}
                    loading={exporting === format}
                    disabled={exporting !== null}
                    onClick={() => void exportList(format)}
                  >
                    {t(`orders.export.${format}`)}
                  </Button>
                ))}
              </Flex>
            </Authorized>
          </Flex>
          <QueryContent query={list} errorTitle={t('orders.loadFailed')}>
            <OrderTable
              page={list.data}
              loading={list.isFetching}
              list={listState}
              onView={mayOpen ? (o) => open(o.orderNo) : undefined}
            />
          </QueryContent>
        </Flex>
      </Panel>
      {openNo && <OrderDrawer orderNo={openNo} dialog={dialog} onClose={() => open(null)} />}
      {dialogHolder}
    </PageContainer>
  );
}
