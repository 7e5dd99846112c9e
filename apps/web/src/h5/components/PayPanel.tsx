import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { ClientError, errorMessage } from '../api/client.ts';
import { createOrder, getOrder } from '../api/orders.ts';
import { useText } from '../i18n/i18n.ts';
import { h5PayUrl, POLL_MS, payChannelFor, payInWechat, pendingOrder, pollingStops } from '../pay.ts';
import { signInAgainThroughWechat } from '../wechat.ts';
import { PayCode } from './PayCode.tsx';
import { usePrice } from './TestMeta.tsx';
import './pay.css';

/**
 * The server will never know this order (a remembered one now 404, or not this participant's): asking again
 * does not help. A timeout (408) or the rate limit (429) passes.
 */
const orderGone = (error: unknown) =>
  error instanceof ClientError &&
  error.status >= 400 &&
  error.status < 500 &&
  error.status !== 408 &&
  error.status !== 429;

/**
 * The locked report's Unlock button: starts a WeChat Pay order on this device's channel, then asks about it
 * every second until it settles (while the report is open) and, once paid, reloads the record so it unlocks.
 */
export function PayPanel({ recordId, priceFen }: { recordId: number; priceFen: number }) {
  const t = useText();
  const price = usePrice();
  const queryClient = useQueryClient();
  // Back from the WeChat Pay h5 page: the order it left for is asked about again.
  const [orderNo, setOrderNo] = useState<string | null>(() => pendingOrder.get(recordId));
  const [notice, setNotice] = useState<string | null>(null);
  // Why the order being waited for was dropped (the server's message), shown until the next try.
  const [lost, setLost] = useState<string | null>(null);
  // On the way to WeChat's OAuth page to link the openid a payment inside WeChat needs.
  const [leaving, setLeaving] = useState(false);

  const start = useMutation({
    mutationFn: () =>
      createOrder(
        recordId,
        payChannelFor(navigator.userAgent, window.innerWidth, navigator.maxTouchPoints > 0),
      ),
    onMutate: () => {
      setNotice(null);
      setLost(null);
    },
    onError: async (error) => {
      if (!(error instanceof ClientError)) return;
      // Paid meanwhile (another device, or an earlier order's late notice): the reloaded record unlocks.
      if (error.code === 'order.alreadyUnlocked') {
        void queryClient.invalidateQueries({ queryKey: ['record', recordId] });
        void queryClient.invalidateQueries({ queryKey: ['records'] });
        void queryClient.invalidateQueries({ queryKey: ['orders'] });
      }
      // This visit's WeChat sign-in did not link the openid: without another one every try fails the same way.
      if (error.code === 'order.openidRequired' && (await signInAgainThroughWechat())) setLeaving(true);
    },
    onSuccess: async (order) => {
      if (order.channel === 'h5' && order.h5Url) {
        pendingOrder.set(recordId, order.orderNo);
        location.href = h5PayUrl(order.h5Url, location.href);
        return;
      }
      setOrderNo(order.orderNo);
      if (order.channel !== 'jsapi' || !order.jsapi) return;
      const outcome = await payInWechat(order.jsapi);
      // Not paid: the button is back, for another try (the same order while it is open).
      if (outcome !== 'ok') {
        setOrderNo(null);
        setNotice(t(outcome === 'cancel' ? 'pay.cancelled' : 'pay.notCompleted'));
      }
    },
  });

  const order = useQuery({
    queryKey: ['order', orderNo],
    queryFn: () => getOrder(orderNo!),
    enabled: orderNo !== null,
    staleTime: 0,
    retry: (count, error) => count < 1 && !orderGone(error),
    // A computer's tab waits in the background while the phone pays.
    refetchIntervalInBackground: true,
    refetchInterval: (query) => {
      if (orderGone(query.state.error)) return false;
      const data = query.state.data;
      return data && pollingStops(data.status, data.expireTime) ? false : POLL_MS;
    },
  });

  const status = order.data?.status;
  useEffect(() => {
    if (!status || !order.data || !pollingStops(status, order.data.expireTime)) return;
    pendingOrder.set(recordId, null);
    if (status === 'paid') {
      void queryClient.invalidateQueries({ queryKey: ['record', recordId] });
      void queryClient.invalidateQueries({ queryKey: ['records'] });
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
    } else {
      setOrderNo(null);
      setNotice(t('pay.closed'));
    }
  }, [status, order.data, recordId, queryClient, t]);

  // The order cannot be asked about: forgotten, with the reason, so the button starts a new one.
  const orderError = order.error;
  useEffect(() => {
    if (!orderGone(orderError)) return;
    pendingOrder.set(recordId, null);
    setOrderNo(null);
    setLost(errorMessage(orderError, t));
  }, [orderError, recordId, t]);

  const unavailable =
    start.error instanceof ClientError &&
    (start.error.status === 503 || start.error.code === 'wechatpay.notConfigured');
  const waiting = orderNo !== null && status !== 'paid';
  const codeUrl = waiting ? (start.data?.codeUrl ?? order.data?.codeUrl ?? null) : null;
  // Back from WeChat Pay's h5 page nobody knows whether the person paid: the order is asked about, and the
  // button takes them back to pay (the same order, with a fresh link) if they did not. The code on a computer
  // and a payment confirmed inside WeChat only wait.
  const payAgain = waiting && (start.data?.channel ?? order.data?.channel) === 'h5';

  return (
    <div className="h5-stack h5-pay">
      <Button
        block
        color="primary"
        loading={start.isPending || leaving || (waiting && !payAgain && !codeUrl)}
        disabled={leaving || (waiting && !payAgain)}
        onClick={() => start.mutate()}
      >
        {t('report.unlock', { price: price(priceFen) })}
      </Button>
      {codeUrl && (
        <section className="h5-pay-code" aria-label={t('pay.nativeTitle')}>
          <strong>{t('pay.nativeTitle')}</strong>
          <p className="h5-note">{t('pay.nativeBody')}</p>
          <PayCode url={codeUrl} label={t('pay.qrLabel')} />
          <code className="h5-pay-url">{codeUrl}</code>
        </section>
      )}
      {waiting && (
        <p className="h5-note" role="status">
          {t('pay.waiting')} {payAgain && t('pay.again')}
        </p>
      )}
      {unavailable && (
        <p className="h5-note" role="alert">
          {t('pay.unavailable')}
        </p>
      )}
      {leaving && (
        <p className="h5-note" role="status">
          {t('wechat.signingIn')}
        </p>
      )}
      {lost && (
        <p className="h5-note" role="alert">
          {t('pay.lost', { message: lost })}
        </p>
      )}
      {start.isError && !unavailable && !leaving && (
        <p className="h5-note" role="alert">
          {t('pay.failed', { message: errorMessage(start.error, t) })}
        </p>
      )}
      {notice && (
        <p className="h5-note" role="status">
          {notice}
        </p>
      )}
    </div>
  );
}
