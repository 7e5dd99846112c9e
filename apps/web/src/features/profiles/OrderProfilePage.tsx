import { refundableFen } from '@cool/shared';
import { Alert, Button, Empty, Flex, Form, Input, Space, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { errorText } from '../../shared/http/errorText.ts';
import { usePermission } from '../../shared/permissions/usePermission.ts';
import { useTabTitle } from '../../shared/tabs/index.ts';
import { useNotices } from '../../shared/ui/notices.ts';
import { PageContainer } from '../../shared/ui/PageContainer.tsx';
import { Panel } from '../../shared/ui/Panel.tsx';
import { QueryContent } from '../../shared/ui/QueryErrorState.tsx';
import { useFindOrder, useOrderProfile, useSyncOrderNow } from './api.ts';
import { HistoryPanel, OrderFactsPanel, RefundsPanel } from './components/OrderSections.tsx';

/** Without `?id=`: an order by its number, then opened by its id. */
function FindOrder() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const find = useFindOrder();
  return (
    <Panel>
      <Flex vertical gap={16} style={{ maxWidth: 560 }}>
        <Form layout="vertical" name="findOrder" component="div">
          <Form.Item
            label={t('orderProfile.search.label')}
            htmlFor="profile-order-no"
            style={{ marginBottom: 0 }}
          >
            <Input.Search
              id="profile-order-no"
              maxLength={32}
              placeholder={t('orderProfile.search.placeholder')}
              enterButton={t('orderProfile.search.open')}
              loading={find.isPending}
              onSearch={(value) => {
                const orderNo = value.trim();
                if (orderNo)
                  find.mutate(orderNo, { onSuccess: (order) => navigate(`/profile/basic?id=${order.id}`) });
              }}
            />
          </Form.Item>
        </Form>
        {find.isError ? (
          <Alert type="error" showIcon role="alert" title={errorText(find.error, t)} />
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('orderProfile.search.prompt')} />
        )}
      </Flex>
    </Panel>
  );
}

/**
 * The template's basic profile as an order's profile (`?id=`): its facts, its refunds and the history of its
 * status, with what the role may do to it (sync with WeChat Pay; refund, in the refund wizard).
 */
export default function OrderProfilePage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const id = Number(search.get('id'));
  const orderId = Number.isSafeInteger(id) && id > 0 ? id : null;
  const can = usePermission();
  // The route needs only orders.query; the order (by id or by number) is orders.get, which the server checks.
  const mayOpen = can('orders', 'get');
  const order = useOrderProfile(mayOpen ? orderId : null);
  const sync = useSyncOrderNow();
  const { message } = useNotices();
  const found = order.data;
  const title = found ? t('orderProfile.title', { orderNo: found.orderNo }) : t('orderProfile.heading');
  // An order's tab is named after it, not after the menu entry's (which may be open too).
  useTabTitle(`/profile/basic?id=${orderId}`, found && title);

  const runSync = (orderNo: string) =>
    sync.mutate(orderNo, {
      onSuccess: () => message.success(t('orders.done.sync')),
      onError: (error) => message.error(errorText(error, t)),
    });

  const refundable =
    found && (found.status === 'paid' || found.status === 'refunding') && refundableFen(found) > 0;
  const actions = found && (
    <Space wrap>
      {can('orders', 'edit') && (
        <Button loading={sync.isPending} onClick={() => runSync(found.orderNo)}>
          {t('orders.action.sync')}
        </Button>
      )}
      {can('orders', 'refund') && refundable && (
        <Link to={`/form/step-form?orderNo=${encodeURIComponent(found.orderNo)}`}>
          <Button type="primary" danger>
            {t('orders.action.refund')}
          </Button>
        </Link>
      )}
    </Space>
  );

  return (
    <PageContainer title={title} content={t('orderProfile.description')} extra={actions}>
      {!mayOpen ? (
        <Panel>
          <Empty description={t('orderProfile.noDetail')} />
        </Panel>
      ) : orderId === null ? (
        <FindOrder />
      ) : (
        <QueryContent query={order} errorTitle={t('orderProfile.loadFailed')}>
          {found === undefined ? (
            <Flex justify="center" style={{ padding: 48 }}>
              <Spin description={t('common.loading')} />
            </Flex>
          ) : (
            <>
              <OrderFactsPanel order={found} />
              <RefundsPanel order={found} />
              <HistoryPanel order={found} />
            </>
          )}
        </QueryContent>
      )}
    </PageContainer>
  );
}
