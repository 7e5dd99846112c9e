import { REFUND_REASON_MAX, refundableFen } from '@cool/shared';
import { Alert, Button, Flex, Form, Input, InputNumber, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/http/errorText.ts';
import { refundAmountItem } from '../../../shared/orders/refundAmount.ts';
import { usePermission } from '../../../shared/permissions/usePermission.ts';
import { useOrderByNo } from '../api.ts';
import { OrderFacts } from './OrderFacts.tsx';

export interface RefundValues {
  amountFen: number;
  reason: string;
}

interface RefundInfoStepProps {
  orderNo: string;
  /** The values to start from: coming back from the confirm step or the fail page. */
  initial: Partial<RefundValues>;
  onFind: (orderNo: string) => void;
  onNext: (values: RefundValues) => void;
}

/**
 * Step 1, "write refund information": the order by its number, what may still be refunded (what was paid, less
 * what went back and what open refunds are sending back), the amount in yuan and the reason.
 */
export function RefundInfoStep({ orderNo, initial, onFind, onNext }: RefundInfoStepProps) {
  const { t } = useTranslation();
  const mayRefund = usePermission()('orders', 'refund');
  const order = useOrderByNo(orderNo);
  const [form] = Form.useForm<{ amountYuan: number | null; reason: string }>();

  const found = order.data;
  const remainingFen = found ? refundableFen(found) : 0;
  const refundable = found && (found.status === 'paid' || found.status === 'refunding') && remainingFen > 0;

  const next = async () => {
    const values = await form.validateFields().catch(() => null);
    if (values?.amountYuan)
      onNext({ amountFen: Math.round(values.amountYuan * 100), reason: values.reason ?? '' });
  };

  let body = <Alert type="info" showIcon title={t('refunds.find.prompt')} />;
  if (order.isLoading)
    body = (
      <Flex justify="center" style={{ padding: 32 }}>
        <Spin description={t('common.loading')} />
      </Flex>
    );
  else if (order.isError)
    body = <Alert type="error" showIcon role="alert" title={errorText(order.error, t)} />;
  else if (found)
    body = (
      <Flex vertical gap={16}>
        <OrderFacts order={found} />
        {!refundable && (
          <Alert
            type="warning"
            showIcon
            role="alert"
            title={
              found.status === 'paid' || found.status === 'refunding'
                ? t('refunds.notRefundable.nothingLeft')
                : t('refunds.notRefundable.state', { status: t(`orders.status.${found.status}`) })
            }
          />
        )}
        {refundable && !mayRefund && <Alert type="info" showIcon title={t('refunds.noPermission')} />}
        {refundable && mayRefund && (
          <Form
            key={found.orderNo}
            form={form}
            layout="vertical"
            name="refundInfo"
            initialValues={{
              amountYuan: (initial.amountFen ?? remainingFen) / 100,
              reason: initial.reason ?? '',
            }}
          >
            <Form.Item {...refundAmountItem(t, remainingFen)}>
              <InputNumber min={0.01} precision={2} prefix="¥" style={{ width: 200, maxWidth: '100%' }} />
            </Form.Item>
            <Form.Item name="reason" label={t('orders.refund.reason')}>
              <Input
                maxLength={REFUND_REASON_MAX}
                showCount
                placeholder={t('orders.refund.reasonPlaceholder')}
              />
            </Form.Item>
            <Button type="primary" onClick={() => void next()}>
              {t('refunds.next')}
            </Button>
          </Form>
        )}
      </Flex>
    );

  return (
    <Flex vertical gap={16}>
      <Form layout="vertical" name="findOrder" component="div">
        <Form.Item label={t('refunds.find.label')} htmlFor="refund-order-no" style={{ marginBottom: 0 }}>
          <Input.Search
            id="refund-order-no"
            key={orderNo}
            defaultValue={orderNo}
            maxLength={32}
            placeholder={t('refunds.find.placeholder')}
            enterButton={t('refunds.find.search')}
            onSearch={(value) => {
              const typed = value.trim();
              if (!typed) return;
              if (typed === orderNo) void order.refetch();
              else onFind(typed);
            }}
          />
        </Form.Item>
      </Form>
      {body}
    </Flex>
  );
}
