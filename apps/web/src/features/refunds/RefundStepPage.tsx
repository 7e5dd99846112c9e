import { Empty, Steps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePermission } from '../../shared/permissions/usePermission.ts';
import { PageContainer } from '../../shared/ui/PageContainer.tsx';
import { Panel } from '../../shared/ui/Panel.tsx';
import { useOrderByNo } from './api.ts';
import { ConfirmStep } from './components/ConfirmStep.tsx';
import { RefundInfoStep, type RefundValues } from './components/RefundInfoStep.tsx';
import { positiveInt } from './links.ts';

/** One refund's wizard for the order in the URL; a new URL (another order, "return to modify") starts afresh. */
function RefundWizard({ search }: { search: URLSearchParams }) {
  const [, setSearch] = useSearchParams();
  const orderNo = search.get('orderNo')?.trim() ?? '';
  const [values, setValues] = useState<RefundValues | null>(null);
  const [confirming, setConfirming] = useState(false);
  const order = useOrderByNo(orderNo);
  const { t } = useTranslation();

  const initial = values ?? {
    amountFen: positiveInt(search.get('amountFen')) ?? undefined,
    reason: search.get('reason') ?? undefined,
  };

  return (
    <Panel>
      <Steps
        current={confirming ? 1 : 0}
        items={[
          { title: t('refunds.steps.write') },
          { title: t('refunds.steps.confirm') },
          { title: t('refunds.steps.finished') },
        ]}
        style={{ maxWidth: 760, margin: '0 auto 32px' }}
      />
      <div style={{ maxWidth: 640, margin: '0 auto' }}>
        {confirming && values && order.data ? (
          <ConfirmStep
            order={order.data}
            values={values}
            onBack={() => setConfirming(false)}
            onLeave={() => {
              setConfirming(false);
              setValues(null);
            }}
          />
        ) : (
          <RefundInfoStep
            orderNo={orderNo}
            initial={initial}
            onFind={(typed) => setSearch({ orderNo: typed })}
            onNext={(next) => {
              setValues(next);
              setConfirming(true);
            }}
          />
        )}
      </div>
    </Panel>
  );
}

/**
 * The template's step form as the refund wizard: write refund information (the order, the amount, the
 * reason), confirm it, then the refund's outcome page (or the fail page with the server's reason).
 */
export default function RefundStepPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  // The route needs only orders.query, but finding the order is orders.get: without it the server would refuse.
  const mayOpen = usePermission()('orders', 'get');
  return (
    <PageContainer title={t('refunds.title')} content={t('refunds.description')}>
      {mayOpen ? (
        <RefundWizard key={search.toString()} search={search} />
      ) : (
        <Panel>
          <Empty description={t('refunds.noDetail')} />
        </Panel>
      )}
    </PageContainer>
  );
}
