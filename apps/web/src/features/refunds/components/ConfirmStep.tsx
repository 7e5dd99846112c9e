import { type OrderDetail, refundableFen } from '@cool/shared';
import { Alert, Button, Flex, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useRefund } from '../api.ts';
import { failPath, orderProfilePath, refusalOf, successPath } from '../links.ts';
import { OrderFacts, yuan } from './OrderFacts.tsx';
import type { RefundValues } from './RefundInfoStep.tsx';

interface ConfirmStepProps {
  order: OrderDetail;
  values: RefundValues;
  onBack: () => void;
  /** Before leaving for the outcome page: the wizard starts afresh when its tab is opened again. */
  onLeave: () => void;
}

/**
 * Step 2, "confirm refund": what goes back to whom, asked before anything moves (as the orders screen's refund
 * dialog asks). Submitted, it goes on to the refund's outcome page, or to the fail page with the server's reason.
 */
export function ConfirmStep({ order, values, onBack, onLeave }: ConfirmStepProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const refund = useRefund();
  const [unanswered, setUnanswered] = useState(false);
  const remainingFen = refundableFen(order);
  const outcome = {
    amount: yuan(values.amountFen),
    paid: yuan(order.amountFen),
    kept: yuan(remainingFen - values.amountFen),
  };

  const submit = async () => {
    setUnanswered(false);
    const before = new Set(order.refunds.map((r) => r.id));
    try {
      const after = await refund.mutateAsync({ orderNo: order.orderNo, input: values });
      // The new refund is the one the order did not have before.
      const made = after.refunds.filter((r) => !before.has(r.id)).at(-1);
      onLeave();
      navigate(made ? successPath(made.id, after.id) : orderProfilePath(after.id));
    } catch (error) {
      const refusal = refusalOf(error);
      // No answer arrived: the refund may have been made, so it is not called refused.
      if (!refusal) return setUnanswered(true);
      onLeave();
      navigate(failPath(refusal, order.id, { orderNo: order.orderNo, ...values }));
    }
  };

  return (
    <Flex vertical gap={16}>
      <Alert type="warning" showIcon title={t('refunds.confirm.alert')} />
      <OrderFacts
        order={order}
        extra={[
          {
            key: 'amount',
            label: t('refunds.field.amount'),
            children: (
              <Typography.Text strong type="danger" style={{ fontSize: 20 }}>
                {yuan(values.amountFen)}
              </Typography.Text>
            ),
          },
          {
            key: 'reason',
            label: t('refunds.field.reason'),
            children: values.reason || t('refunds.confirm.noReason'),
          },
          {
            key: 'outcome',
            label: t('refunds.field.outcome'),
            children:
              values.amountFen === remainingFen
                ? t('orders.refund.outcomeFull', outcome)
                : t('orders.refund.outcomePartial', outcome),
          },
        ]}
      />
      {unanswered && <Alert type="error" showIcon role="alert" title={t('refunds.confirm.unanswered')} />}
      <Space wrap>
        <Button onClick={onBack} disabled={refund.isPending}>
          {t('refunds.previous')}
        </Button>
        <Button type="primary" danger loading={refund.isPending} onClick={() => void submit()}>
          {t('refunds.confirm.submit', { amount: yuan(values.amountFen) })}
        </Button>
      </Space>
    </Flex>
  );
}
