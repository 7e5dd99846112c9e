import { ApiError, outcomeUnknown } from '../../shared/http/client.ts';

/**
 * The wizard's and the outcome pages' addresses: everything they show comes from the URL and the server, so
 * each can be reloaded, printed or sent to a colleague.
 */

/** What the wizard is opened with: an order, and the values "return to modify" brings back. */
export interface WizardValues {
  orderNo: string;
  amountFen?: number;
  reason?: string;
}

const query = (values: Record<string, string | number | undefined>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values))
    if (value !== undefined && value !== '') params.set(key, String(value));
  return params.toString();
};

export const wizardPath = ({ orderNo, amountFen, reason }: WizardValues) =>
  `/form/step-form?${query({ orderNo, amountFen, reason })}`;

export const successPath = (refundId: number, orderId: number) =>
  `/result/success?${query({ refund: refundId, order: orderId })}`;

export const orderProfilePath = (orderId: number) => `/profile/basic?id=${orderId}`;

/** Why the server refused a refund: a catalogue code and its parameters. */
export interface Refusal {
  code: string;
  params: Record<string, string | number>;
}

/**
 * The refusal a failed refund call carries: a refused field's own code (`order.refundTooLarge` arrives as a
 * refused `amountFen`), else the error's. None when no answer arrived, or a failure (5xx: the server's, or a
 * proxy's in front of it) that does not tell whether WeChat Pay was asked: the refund may then have been made.
 */
export function refusalOf(error: unknown): Refusal | null {
  if (!(error instanceof ApiError) || outcomeUnknown(error)) return null;
  const result = (error.result ?? {}) as {
    error?: string;
    params?: Refusal['params'];
    errors?: { error?: string; params?: Refusal['params'] }[];
  };
  const field = result.error === 'request.invalid' ? result.errors?.[0] : undefined;
  // An answer without the server's code (a proxy's 413) keeps its status in the address; no text names it, so
  // the fail page shows the generic failure (RefundRefused).
  const code = field?.error ?? result.error ?? `http.${error.status}`;
  return { code, params: (field ? field.params : result.params) ?? {} };
}

export const failPath = (refusal: Refusal, orderId: number, values: WizardValues) =>
  `/result/fail?${query({
    order: orderId,
    error: refusal.code,
    params: Object.keys(refusal.params).length > 0 ? JSON.stringify(refusal.params) : undefined,
    ...values,
  })}`;

/** The refusal a fail page's URL names; parameters that are not plain values are dropped. */
export function refusalIn(search: URLSearchParams): Refusal | null {
  const code = search.get('error');
  if (!code) return null;
  let parsed: unknown = {};
  try {
    parsed = JSON.parse(search.get('params') ?? '{}');
  } catch {
    // A hand-edited address: the text goes without its parameters.
  }
  const params = Object.fromEntries(
    Object.entries(typeof parsed === 'object' && parsed !== null ? parsed : {}).filter(
      (entry): entry is [string, string | number] => ['string', 'number'].includes(typeof entry[1]),
    ),
  );
  return { code, params };
}

/** A positive integer in the URL (an id, an amount in fen), else null. */
export function positiveInt(value: string | null): number | null {
  const number = Number(value);
  return value && Number.isSafeInteger(number) && number > 0 ? number : null;
}
