import { CloseCircleOutlined, RightOutlined } from '@ant-design/icons';
import { OUTCOME_UNKNOWN_CODES } from '@cool/shared';
import { Button, Flex, Result, Typography, theme } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { fieldErrorText } from '../../../shared/http/errorText.ts';
import { usePermission } from '../../../shared/permissions/usePermission.ts';
import { orderProfilePath, type Refusal, type WizardValues, wizardPath } from '../links.ts';

/** The real causes a refund is refused for, each with what to do about it. */
type Cause =
  | 'state'
  | 'amount'
  | 'count'
  | 'merchant'
  | 'balance'
  | 'refused'
  | 'unknown'
  | 'notFound'
  | 'other';

const CAUSES: Record<string, Cause> = {
  'order.notRefundable': 'state',
  'order.refundTooLarge': 'amount',
  'order.tooManyRefunds': 'count',
  'order.notFound': 'notFound',
  'wechatpay.notConfigured': 'merchant',
  'wechatpay.balanceLow': 'balance',
};

export function causeOf(code: string): Cause {
  if (CAUSES[code]) return CAUSES[code];
  if (OUTCOME_UNKNOWN_CODES.includes(code)) return 'unknown';
  return code.startsWith('wechatpay.') ? 'refused' : 'other';
}

interface Action {
  to: string;
  label: string;
}

function actionFor(
  cause: Cause,
  t: TFunction,
  links: { modify: string; order: string | null; settings: boolean },
) {
  const modify: Action = { to: links.modify, label: t('refunds.fail.action.modify') };
  const order: Action | null = links.order
    ? { to: links.order, label: t('refunds.fail.action.viewOrder') }
    : null;
  switch (cause) {
    case 'amount':
    case 'balance':
      return modify;
    case 'merchant':
      return links.settings ? { to: '/center?tab=wechatPay', label: t('refunds.fail.action.setUp') } : null;
    case 'notFound':
      return { to: wizardPath({ orderNo: '' }), label: t('refunds.fail.action.findOrder') };
    default:
      return order;
  }
}

interface RefundRefusedProps {
  refusal: Refusal;
  orderId: number | null;
  values: WizardValues;
}

/**
 * The template's fail result as a refused refund: "Submission failed" with the server's reason, the cause it
 * points to with what to do about it (as the template's hints with their actions), and "return to modify",
 * back to the wizard with the values kept.
 */
export function RefundRefused({ refusal, orderId, values }: RefundRefusedProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const maySetUp = usePermission()('paySettings', 'edit');
  const cause = causeOf(refusal.code);
  const modify = wizardPath(values);
  const action = actionFor(cause, t, {
    modify,
    order: orderId === null ? null : orderProfilePath(orderId),
    settings: maySetUp,
  });
  return (
    <Result
      status="error"
      title={t('refunds.fail.title')}
      // A code this build has no text for (`http.502`, an answer without the server's reason) reads as the
      // generic failure, as errorText shows an unknown error, not as the raw code.
      subTitle={fieldErrorText(
        { error: refusal.code, params: refusal.params, message: t('common.error.unknown') },
        t,
      )}
      extra={
        <Link to={modify}>
          <Button type="primary">{t('refunds.fail.returnToModify')}</Button>
        </Link>
      }
    >
      <Flex vertical gap={12}>
        <Typography.Text strong style={{ fontSize: 16 }}>
          {t('refunds.fail.intro')}
        </Typography.Text>
        <Flex gap={8} align="baseline" wrap>
          <CloseCircleOutlined style={{ color: token.colorError }} />
          <Typography.Text>{t(`refunds.fail.hint.${cause}`)}</Typography.Text>
          {action && (
            <Link to={action.to}>
              {action.label} <RightOutlined />
            </Link>
          )}
        </Flex>
      </Flex>
    </Result>
  );
}
