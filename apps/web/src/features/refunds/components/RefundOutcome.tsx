import { localized, type OrderDetail, type Refund } from '@cool/shared';
import {
  Button,
  Descriptions,
  Flex,
  Grid,
  Result,
  type ResultProps,
  Steps,
  type StepsProps,
  Typography,
} from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { errorText } from '../../../shared/http/errorText.ts';
import { useTextLanguage } from '../../../shared/i18n/contentText.ts';
import { usePermission } from '../../../shared/permissions/usePermission.ts';
import { formatDateTime } from '../../../shared/ui/format.ts';
import { useNotices } from '../../../shared/ui/notices.ts';
import { useSyncRefund } from '../api.ts';
import { orderProfilePath } from '../links.ts';
import { yuan } from './OrderFacts.tsx';
import styles from './outcome.module.css';

const RESULT_STATUS: Record<Refund['status'], ResultProps['status']> = {
  processing: 'success',
  success: 'success',
  closed: 'warning',
  abnormal: 'warning',
  failed: 'error',
};

type Step = NonNullable<StepsProps['items']>[number];

/**
 * The four steps of a refund from its row: requested (by whom, when) → accepted by WeChat Pay (when; a refund
 * from before that time was kept has none) → processing → succeeded, or where it ended otherwise
 * (refused, abnormal, closed); the current one lit.
 */
export function refundTimeline(refund: Refund, t: TFunction): { current: number; items: Step[] } {
  const requested: Step = {
    title: t('refunds.result.step.requested'),
    content: [refund.requestedBy, formatDateTime(refund.createTime)].filter(Boolean).join(' · '),
  };
  const accepted: Step = {
    title: t('refunds.result.step.accepted'),
    content: formatDateTime(refund.acceptTime) || undefined,
  };
  const processing: Step = { title: t('refunds.result.step.processing') };
  const ended: Step = { title: t('refunds.result.step.succeeded') };
  const items = [requested, accepted, processing, ended];
  switch (refund.status) {
    case 'failed':
      items[1] = { ...accepted, title: t('refunds.result.step.refused'), status: 'error' };
      return { current: 1, items };
    case 'processing':
      return refund.refundId ? { current: 2, items } : { current: 1, items };
    case 'abnormal':
      items[2] = { ...processing, title: t('refunds.result.step.abnormal'), status: 'error' };
      return { current: 2, items };
    case 'closed':
      items[3] = { ...ended, title: t('refunds.result.step.closed'), status: 'error' };
      return { current: 3, items };
    case 'success':
      items[3] = { ...ended, status: 'finish', content: formatDateTime(refund.successTime) };
      return { current: 3, items };
  }
}

/**
 * The template's success result as a refund's outcome: the order (project name), the refund number (project
 * ID), who requested it (principal) and when (effective time), its four steps with "sync now" as the urge
 * action, and back to the orders, the order, print.
 */
export function RefundOutcome({ order, refund }: { order: OrderDetail; refund: Refund }) {
  const { t } = useTranslation();
  const language = useTextLanguage();
  const { message } = useNotices();
  const maySync = usePermission()('orders', 'edit');
  const sync = useSyncRefund();
  const open = refund.status === 'processing' || refund.status === 'abnormal';
  const timeline = refundTimeline(refund, t);
  // antd's xs, where the facts below take one column.
  const oneColumn = Grid.useBreakpoint().sm === false;

  const runSync = async () => {
    try {
      await sync.mutateAsync(refund.id);
      message.success(t('refunds.result.synced'));
    } catch (error) {
      message.error(errorText(error, t));
    }
  };
  if (open && maySync) {
    const step = timeline.items[timeline.current]!;
    timeline.items[timeline.current] = {
      ...step,
      content: (
        <Flex vertical align="center" className={styles.noPrint}>
          {step.content}
          <Button type="link" size="small" loading={sync.isPending} onClick={() => void runSync()}>
            {t('refunds.result.syncNow')}
          </Button>
        </Flex>
      ),
    };
  }

  const params = { amount: yuan(refund.amountFen), orderNo: order.orderNo };
  return (
    <div className={styles.printArea}>
      <Result
        status={RESULT_STATUS[refund.status]}
        title={t(`refunds.result.title.${refund.status}`)}
        subTitle={t(`refunds.result.subTitle.${refund.status}`, params)}
        extra={
          <Flex gap={8} wrap justify="center" className={styles.noPrint}>
            <Link to="/order">
              <Button type="primary">{t('refunds.result.backToList')}</Button>
            </Link>
            <Link to={orderProfilePath(order.id)}>
              <Button>{t('refunds.result.viewOrder')}</Button>
            </Link>
            <Button onClick={() => window.print()}>{t('refunds.result.print')}</Button>
          </Flex>
        }
      >
        <Flex vertical gap={24}>
          <Descriptions
            column={{ xs: 1, sm: 2 }}
            // In one column each label goes above its value: the numbers get the box's whole width.
            layout={oneColumn ? 'vertical' : 'horizontal'}
            items={[
              {
                key: 'order',
                label: t('refunds.result.field.order'),
                children: localized(order.title, language),
              },
              {
                key: 'refundNo',
                label: t('refunds.result.field.refundNo'),
                children: (
                  <Typography.Text copyable style={{ wordBreak: 'break-all' }}>
                    {refund.outRefundNo}
                  </Typography.Text>
                ),
              },
              {
                key: 'by',
                label: t('refunds.result.field.requestedBy'),
                children: refund.requestedBy ?? '—',
              },
              {
                key: 'at',
                label: t('refunds.result.field.requestedAt'),
                children: formatDateTime(refund.createTime),
              },
              { key: 'amount', label: t('refunds.result.field.amount'), children: yuan(refund.amountFen) },
              {
                key: 'orderNo',
                label: t('orders.field.orderNo'),
                children: <span style={{ wordBreak: 'break-all' }}>{order.orderNo}</span>,
              },
              // Here rather than under its step, where a 29-digit id is wider than the step.
              ...(refund.refundId
                ? [
                    {
                      key: 'refundId',
                      label: t('refunds.result.field.refundId'),
                      children: (
                        <Typography.Text copyable style={{ wordBreak: 'break-all' }}>
                          {refund.refundId}
                        </Typography.Text>
                      ),
                    },
                  ]
                : []),
            ]}
          />
          <Steps current={timeline.current} items={timeline.items} titlePlacement="vertical" type="dot" />
        </Flex>
      </Result>
    </div>
  );
}
