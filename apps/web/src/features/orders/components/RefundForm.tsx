import { formatYuan, type OrderDetail, REFUND_REASON_MAX, refundableFen } from '@cool/shared';
import { Alert, Flex, Form, Input, InputNumber } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { outcomeUnknown } from '../../../shared/http/client.ts';
import { errorText } from '../../../shared/http/errorText.ts';
import { refundAmountItem } from '../../../shared/orders/refundAmount.ts';
import { useDialogHandlers } from '../../../shared/ui/dialog.tsx';
import { useRefundOrder } from '../api.ts';

const yuan = (fen: number) => formatYuan(fen, { symbol: true });

/**
 * A refund's amount and reason, and the sentence saying what Ok will do: how much of what was paid goes back,
 * and whether the report locks again (a refund of all that is left).
 */
export function RefundForm({ order, onRefunded }: { order: OrderDetail; onRefunded: () => void }) {
  const { t } = useTranslation();
  const refund = useRefundOrder();
  const [form] = Form.useForm<{ amountYuan: number | null; reason?: string }>();
  const remainingFen = refundableFen(order);
  const [amountYuan, setAmountYuan] = useState<number | null>(remainingFen / 100);
  const [error, setError] = useState<string | null>(null);
  const amountFen = amountYuan === null ? 0 : Math.round(amountYuan * 100);
  const valid = amountFen >= 1 && amountFen <= remainingFen;

  const run = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return false;
    try {
      await refund.mutateAsync({ orderNo: order.orderNo, input: { amountFen, reason: values.reason ?? '' } });
    } catch (failure) {
      // The order is read again either way (api.ts): one made without an answer shows in its refunds.
      setError(outcomeUnknown(failure) ? t('orders.refund.unanswered') : errorText(failure, t));
      return false;
    }
    onRefunded();
    return true;
  };
  useDialogHandlers({ onOk: run });

  const outcome = {
    amount: yuan(amountFen),
    paid: yuan(order.amountFen),
    kept: yuan(remainingFen - amountFen),
  };

  return (
    <Flex vertical gap={12}>
      {error && <Alert type="error" showIcon role="alert" title={error} />}
      <Form
        form={form}
        layout="vertical"
        name="refundOrder"
        initialValues={{ amountYuan, reason: '' }}
        onValuesChange={(changed) => {
          if ('amountYuan' in changed) setAmountYuan(changed.amountYuan ?? null);
          setError(null);
        }}
      >
        <Form.Item {...refundAmountItem(t, remainingFen)}>
          <InputNumber min={0.01} max={remainingFen / 100} precision={2} prefix="¥" style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="reason" label={t('orders.refund.reason')} style={{ marginBottom: 0 }}>
          <Input maxLength={REFUND_REASON_MAX} showCount placeholder={t('orders.refund.reasonPlaceholder')} />
        </Form.Item>
      </Form>
      {valid && (
        <Alert
          type={amountFen === remainingFen ? 'warning' : 'info'}
          showIcon
          role="status"
          title={
            amountFen === remainingFen
              ? t('orders.refund.outcomeFull', outcome)
              : t('orders.refund.outcomePartial', outcome)
          }
        />
      )}
    </Flex>
  );
}
