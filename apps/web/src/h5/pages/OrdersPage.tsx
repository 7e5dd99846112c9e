import { formatDateTime, formatYuan, type OrderStatus } from '@cool/shared';
import { Link } from 'react-router';
import { listOrders } from '../api/orders.ts';
import { usePages } from '../api/pages.ts';
import { MorePages } from '../components/MorePages.tsx';
import { Page } from '../components/Page.tsx';
import { LoadError, Loading, Message } from '../components/States.tsx';
import { useContent, useText } from '../i18n/i18n.ts';
import '../components/pay.css';

const STATUS_CLASS: Record<OrderStatus, string> = {
  unpaid: 'h5-status',
  paid: 'h5-status h5-status-done',
  closed: 'h5-status h5-status-off',
  refunding: 'h5-status',
  refunded: 'h5-status h5-status-off',
};

/** My orders, newest first: what each report cost, whether it was paid or refunded; each opens its report. */
export default function OrdersPage() {
  const t = useText();
  const text = useContent();
  const orders = usePages(['orders', 'pages'], listOrders);
  const body = orders.isPending ? (
    <Loading />
  ) : orders.isError ? (
    <LoadError error={orders.error} retry={() => void orders.refetch()} />
  ) : orders.items.length === 0 ? (
    <Message title={t('orders.empty')} />
  ) : (
    <>
      <ul className="h5-cards" aria-label={t('orders.title')}>
        {orders.items.map((o) => (
          <li key={o.orderNo}>
            <Link className="h5-card h5-order" to={`/records/${o.recordId}`}>
              <div className="h5-card-body">
                <div className="h5-order-line">
                  <h2 className="h5-card-title">{text(o.title)}</h2>
                  <span className="h5-price">{formatYuan(o.amountFen, { symbol: true })}</span>
                </div>
                <div className="h5-meta">
                  {o.expired ? (
                    <span className="h5-status h5-status-off">{t('orders.expired')}</span>
                  ) : (
                    <span className={STATUS_CLASS[o.status]}>{t(`orders.${o.status}`)}</span>
                  )}
                  {o.refundedFen > 0 && (
                    <span>
                      {t('orders.refundedAmount', { amount: formatYuan(o.refundedFen, { symbol: true }) })}
                    </span>
                  )}
                </div>
                <p className="h5-card-subtitle">{t('orders.number', { orderNo: o.orderNo })}</p>
                <p className="h5-card-subtitle">{formatDateTime(o.paidTime ?? o.createTime)}</p>
              </div>
            </Link>
          </li>
        ))}
      </ul>
      <MorePages
        more={orders.hasNextPage}
        loading={orders.isFetchingNextPage}
        fetchMore={orders.fetchNextPage}
      />
    </>
  );
  return (
    <Page title={t('orders.title')} back="/records">
      {body}
    </Page>
  );
}
