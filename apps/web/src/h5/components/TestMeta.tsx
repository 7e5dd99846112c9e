import { formatYuan } from '@cool/shared';
import { useText } from '../i18n/i18n.ts';

/** Price in yuan (free when 0), minutes and how many took it: the list card's and the introduction's line. */
export function usePrice() {
  const t = useText();
  return (fen: number) => (fen === 0 ? t('test.free') : formatYuan(fen, { symbol: true }));
}

export function TestMeta({
  priceFen,
  minutes,
  participantCount,
  paymentUnavailable = false,
}: {
  priceFen: number;
  minutes: number;
  participantCount: number;
  /** Priced while payment is not open: it cannot be started. */
  paymentUnavailable?: boolean;
}) {
  const t = useText();
  const price = usePrice();
  return (
    <div className="h5-meta">
      <span className={priceFen === 0 ? 'h5-price h5-free' : 'h5-price'}>{price(priceFen)}</span>
      {paymentUnavailable && <span className="h5-status">{t('test.paymentUnavailable')}</span>}
      <span>{t('test.minutes', { count: minutes })}</span>
      <span>{t('test.participants', { count: participantCount })}</span>
    </div>
  );
}

/** The test's cover, or its title's first letter on a tinted block when it has none. */
export function Cover({ url, title, large = false }: { url: string | null; title: string; large?: boolean }) {
  const className = large ? 'h5-cover h5-cover-large' : 'h5-cover';
  return url ? (
    <img className={className} src={url} alt="" loading="lazy" />
  ) : (
    <div className={`${className} h5-cover-blank`} aria-hidden="true">
      {Array.from(title)[0] ?? ''}
    </div>
  );
}
