import { type OrderDetail, type OrderEvent, refundableFen } from '@cool/shared';
import { Button, Descriptions, Flex, Space, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '../../../shared/http/errorText.ts';
import { useOrderFacts } from '../../../shared/orders/orderFacts.tsx';
import { RefundTable } from '../../../shared/orders/RefundTable.tsx';
import { OrderStatusTag } from '../../../shared/orders/tags.tsx';
import { usePermission } from '../../../shared/permissions/usePermission.ts';
import { participantName } from '../../../shared/records/tags.tsx';
import { DetailDrawer } from '../../../shared/ui/DetailDrawer.tsx';
import type { DialogApi } from '../../../shared/ui/dialog.tsx';
import { formatDateTime } from '../../../shared/ui/format.ts';
import { useNotices } from '../../../shared/ui/notices.ts';
import { WholeId } from '../../../shared/ui/WholeId.tsx';
import { useCloseOrder, useOrderDetail, useSyncOrder } from '../api.ts';
import { RefundForm } from './RefundForm.tsx';

/** One state change: from and to, what caused it (and who, or which notification), and when. */
function EventText({ event }: { event: OrderEvent }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={2}>
      <Space size={4} wrap>
        {event.fromStatus && (
          <>
            <OrderStatusTag status={event.fromStatus} />
            <span aria-hidden>→</span>
          </>
        )}
        <OrderStatusTag status={event.toStatus} />
        <Typography.Text>{t(`orders.cause.${event.cause}`)}</Typography.Text>
        {event.actorUsername && (
          <Typography.Text type="secondary">
            {t('orders.event.by', { name: event.actorUsername })}
          </Typography.Text>
        )}
      </Space>
      {event.notificationId && (
        <Typography.Text type="secondary" style={{ wordBreak: 'break-all' }}>
          {t('orders.event.notification', { id: event.notificationId })}
        </Typography.Text>
      )}
      <Typography.Text type="secondary">{formatDateTime(event.time)}</Typography.Text>
    </Flex>
  );
}

/** Sync and close (orders.edit) and refund (orders.refund), each only when the order's status allows it. */
function OrderActions({ order, dialog }: { order: OrderDetail; dialog: DialogApi }) {
  const { t } = useTranslation();
  const { message, modal } = useNotices();
  const allowed = usePermission();
  const sync = useSyncOrder();
  const close = useCloseOrder();
  const remainingFen = refundableFen(order);

  const runSync = async () => {
    try {
      await sync.mutateAsync(order.orderNo);
      message.success(t('orders.done.sync'));
    } catch (error) {
      message.error(errorText(error, t));
    }
  };

  const confirmClose = () =>
    modal.confirm({
      title: t('orders.confirm.close.title', { orderNo: order.orderNo }),
      content: t('orders.confirm.close.content'),
      okText: t('orders.confirm.close.ok'),
      cancelText: t('orders.confirm.cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          // WeChat Pay is asked first: an order it says is paid becomes paid instead of closed.
          const after = await close.mutateAsync(order.orderNo);
          if (after.status === 'closed') message.success(t('orders.done.close'));
          else message.warning(t('orders.done.paidNotClosed'));
        } catch (error) {
          message.error(errorText(error, t));
        }
      },
    });

  const openRefund = () =>
    dialog.open(<RefundForm order={order} onRefunded={() => message.success(t('orders.done.refund'))} />, {
      title: t('orders.refund.title', { orderNo: order.orderNo }),
      okText: t('orders.refund.ok'),
      okButtonProps: { danger: true },
      cancelText: t('orders.confirm.cancel'),
      mask: { closable: false },
    });

  const can = {
    sync: allowed('orders', 'edit'),
    close: allowed('orders', 'edit') && order.status === 'unpaid',
    // Another part may be refunded while one is still on its way (as the server allows).
    refund:
      allowed('orders', 'refund') &&
      (order.status === 'paid' || order.status === 'refunding') &&
      remainingFen > 0,
  };
  if (!can.sync && !can.refund) return null;
  return (
    <Space wrap>
      {can.sync && (
        <Button loading={sync.isPending} onClick={() => void runSync()}>
          {t('orders.action.sync')}
        </Button>
      )}
      {can.close && (
        <Button danger onClick={confirmClose}>
          {t('orders.action.close')}
        </Button>
      )}
      {can.refund && (
        <Button type="primary" danger onClick={openRefund}>
          {t('orders.action.refund')}
        </Button>
      )}
    </Space>
  );
}

interface OrderDrawerProps {
  orderNo: string;
  dialog: DialogApi;
  onClose: () => void;
}

/** One order as staff check it: the facts, what happened to it and why, its refunds, and what it unlocks. */
export function OrderDrawer({ orderNo, dialog, onClose }: OrderDrawerProps) {
  const { t } = useTranslation();
  const canSeeRecords = usePermission()('records', 'query');
  const factsOf = useOrderFacts();
  const detail = useOrderDetail(orderNo);

  const section = (title: string) => (
    <Typography.Title level={5} style={{ margin: 0 }}>
      {title}
    </Typography.Title>
  );

  return (
    <DetailDrawer
      title={t('orders.detail.title', { orderNo })}
      width={760}
      query={detail}
      errorTitle={t('orders.detail.loadFailed')}
      onClose={onClose}
    >
      {(order) => {
        const facts = factsOf(order);
        return (
          <>
            <Descriptions
              size="small"
              column={{ xs: 1, sm: 2 }}
              items={[
                ...facts('status', 'channel', 'amount', 'refunded', 'test'),
                {
                  key: 'participant',
                  label: t('orders.field.participant'),
                  children: canSeeRecords ? (
                    <Link to={`/records?participantId=${order.participant.id}`}>
                      {participantName(t, order.participant)}
                    </Link>
                  ) : (
                    participantName(t, order.participant)
                  ),
                },
                ...facts('record', 'created', 'expires', 'paid', 'closed'),
              ]}
            />
            {/* WeChat Pay's ids, whole: each under its label, as wide as the drawer (a column is too narrow). */}
            <Descriptions
              size="small"
              layout="vertical"
              column={{ xs: 1, sm: 2 }}
              items={[
                {
                  key: 'transactionId',
                  label: t('orders.field.transactionId'),
                  children: <WholeId value={order.transactionId} />,
                },
                {
                  key: 'payer',
                  label: t('orders.field.payer'),
                  children: <WholeId value={order.payerOpenid} />,
                },
              ]}
            />
            <OrderActions order={order} dialog={dialog} />
            {section(t('orders.detail.events'))}
            <section aria-label={t('orders.detail.events')}>
              <Timeline
                items={order.events.map((event) => ({ key: event.id, content: <EventText event={event} /> }))}
              />
            </section>
            {section(t('orders.detail.refunds'))}
            <section aria-label={t('orders.detail.refunds')}>
              <RefundTable refunds={order.refunds} />
            </section>
          </>
        );
      }}
    </DetailDrawer>
  );
}
