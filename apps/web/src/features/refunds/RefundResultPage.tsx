import { Button, Empty, Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { usePermission } from '../../shared/permissions/usePermission.ts';
import { PageContainer } from '../../shared/ui/PageContainer.tsx';
import { Panel } from '../../shared/ui/Panel.tsx';
import { QueryContent } from '../../shared/ui/QueryErrorState.tsx';
import { useOrderById } from './api.ts';
import { RefundOutcome } from './components/RefundOutcome.tsx';
import { RefundRefused } from './components/RefundRefused.tsx';
import { positiveInt, refusalIn, wizardPath } from './links.ts';

/** Nothing to show: the way to the wizard. */
function NoRefund({ text }: { text: string }) {
  const { t } = useTranslation();
  return (
    <Empty description={text}>
      <Link to={wizardPath({ orderNo: '' })}>
        <Button type="primary">{t('refunds.result.startWizard')}</Button>
      </Link>
    </Empty>
  );
}

/** `?refund=<id or refund number>&order=<id>`: the refund as it stands now, from its order's detail. */
function SuccessOutcome({ search }: { search: URLSearchParams }) {
  const { t } = useTranslation();
  const refundKey = search.get('refund') ?? '';
  const orderId = positiveInt(search.get('order'));
  // The refund is read from its order, which is orders.get (the route needs only orders.query).
  const mayOpen = usePermission()('orders', 'get');
  const order = useOrderById(mayOpen ? orderId : null);
  if (!refundKey || orderId === null) return <NoRefund text={t('refunds.result.missing')} />;
  if (!mayOpen) return <Empty description={t('refunds.result.noDetail')} />;
  const refund = order.data?.refunds.find((r) => String(r.id) === refundKey || r.outRefundNo === refundKey);
  return (
    <QueryContent query={order} errorTitle={t('refunds.result.loadFailed')}>
      {order.data === undefined ? (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin description={t('common.loading')} />
        </Flex>
      ) : refund ? (
        <RefundOutcome order={order.data} refund={refund} />
      ) : (
        <NoRefund text={t('refunds.result.notFound')} />
      )}
    </QueryContent>
  );
}

/**
 * The template's Result Success and Fail pages as a refund's outcome: `success`, the refund requested and how
 * far it has come; `fail`, the refund refused, why, and back to the wizard.
 */
export default function RefundResultPage({ outcome }: { outcome: 'success' | 'fail' }) {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const refusal = refusalIn(search);
  // Without orders.get the order's profile would only say so: no way to it is offered.
  const mayOpen = usePermission()('orders', 'get');
  return (
    <PageContainer title={t(outcome === 'success' ? 'refunds.result.heading' : 'refunds.fail.heading')}>
      <Panel>
        {outcome === 'success' ? (
          <SuccessOutcome search={search} />
        ) : refusal ? (
          <RefundRefused
            refusal={refusal}
            orderId={mayOpen ? positiveInt(search.get('order')) : null}
            values={{
              orderNo: search.get('orderNo') ?? '',
              amountFen: positiveInt(search.get('amountFen')) ?? undefined,
              reason: search.get('reason') ?? undefined,
            }}
          />
        ) : (
          <NoRefund text={t('refunds.fail.missing')} />
        )}
      </Panel>
    </PageContainer>
  );
}
