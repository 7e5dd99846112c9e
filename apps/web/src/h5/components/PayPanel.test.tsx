import type { ClientOrder } from '@cool/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot } from 'react-dom/client';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, initI18n } from '../i18n/i18n.ts';
import { signInAgainThroughWechat } from '../wechat.ts';
import { PayPanel } from './PayPanel.tsx';

// The WeChat sign-in leaves the page; here it only says whether it would have.
vi.mock('../wechat.ts', async (actual) => ({
  ...(await actual<typeof import('../wechat.ts')>()),
  signInAgainThroughWechat: vi.fn(async () => true),
}));

const order = (status: ClientOrder['status']): ClientOrder => ({
  orderNo: 'CT20261123000001',
  recordId: 5,
  title: { en: 'Four-letter personality', zh: '' },
  amountFen: 990,
  channel: 'native',
  status,
  expired: false,
  expireTime: '2999-01-01T00:00:00Z',
  paidTime: null,
  refundedFen: 0,
  createTime: '2026-11-23T05:00:00Z',
  codeUrl: status === 'unpaid' ? 'weixin://wxpay/bizpayurl?pr=abc' : null,
  h5Url: null,
  jsapi: null,
});

/** Answers by `METHOD /path` from a queue (status, result, message), recording every request's path. */
function fakeServer(answers: Record<string, [number, unknown, string?][]>) {
  const seen: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      const key = `${init.method ?? 'GET'} ${new URL(url, 'http://localhost').pathname}`;
      seen.push(key);
      const [status, result, message = `answer ${status}`] = answers[key]?.shift() ?? [500, null];
      const body = { code: status, success: status < 300, message, result };
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return seen;
}

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
const container = document.body.appendChild(document.createElement('div'));
const root = createRoot(container);
let client: QueryClient;

beforeAll(async () => {
  await initI18n();
  await changeLanguage('en-US');
});
/** Lets `ms` of the panel's time pass at once (its polling and retries run on fake timers). */
const pass = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers();
  localStorage.setItem('h5-token', 'token');
  client = new QueryClient();
});
afterEach(async () => {
  await act(() => root.render(null));
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.clearAllMocks();
  sessionStorage.clear();
});

async function unlock() {
  await act(async () =>
    root.render(
      <QueryClientProvider client={client}>
        <PayPanel recordId={5} priceFen={990} />
      </QueryClientProvider>,
    ),
  );
  await act(async () => container.querySelector('button')?.click());
  await pass(50);
}

describe('unlocking a report', () => {
  it('says payment is not available when the server has no WeChat Pay set up (503)', async () => {
    fakeServer({ 'POST /api/client/orders': [[503, { error: 'wechatpay.notConfigured' }]] });
    await unlock();
    expect(container.textContent).toContain('Payment is not available yet');
  });

  it('on a computer shows the code URL, asks about the order, and reloads the record once paid', async () => {
    const seen = fakeServer({
      'POST /api/client/orders': [[201, order('unpaid')]],
      'GET /api/client/orders/CT20261123000001': [[200, order('paid')]],
    });
    client.setQueryData(['record', 5], { id: 5 });
    await unlock();
    expect(seen).toContain('GET /api/client/orders/CT20261123000001');
    expect(client.getQueryState(['record', 5])?.isInvalidated).toBe(true);
  });

  it('shows the code URL to pay with while the order is open', async () => {
    fakeServer({
      'POST /api/client/orders': [[201, order('unpaid')]],
      'GET /api/client/orders/CT20261123000001': [[200, order('unpaid')]],
    });
    await unlock();
    expect(container.textContent).toContain('weixin://wxpay/bizpayurl?pr=abc');
    expect(container.textContent).toContain('Waiting for WeChat Pay');
    // The same URL as a QR code, once its encoder has loaded.
    await vi.waitFor(() =>
      expect(container.querySelector('img[alt="QR code to pay with WeChat"]')).not.toBeNull(),
    );
    const src = container.querySelector('img')!.getAttribute('src')!;
    expect(decodeURIComponent(src)).toMatch(/^data:image\/svg\+xml;charset=utf-8,<svg[\s\S]*<\/svg>$/);
  });
});

describe('a payment that did not finish', () => {
  const h5Order = (): ClientOrder => ({
    ...order('unpaid'),
    channel: 'h5',
    codeUrl: null,
    h5Url: 'https://wx.tenpay.com/x',
  });

  it('back from WeChat Pay’s page unpaid, keeps asking and lets the person pay again', async () => {
    sessionStorage.setItem('h5-pay-pending', JSON.stringify({ recordId: 5, orderNo: 'CT20261123000001' }));
    fakeServer({
      'GET /api/client/orders/CT20261123000001': [
        [200, h5Order()],
        [200, h5Order()],
      ],
    });
    await act(async () =>
      root.render(
        <QueryClientProvider client={client}>
          <PayPanel recordId={5} priceFen={990} />
        </QueryClientProvider>,
      ),
    );
    await pass(50);
    expect(container.textContent).toContain('Not paid yet? Unlock again');
    expect(container.querySelector('button')?.disabled).toBe(false);
    sessionStorage.clear();
  });

  it('refused inside WeChat, brings the button back and says so', async () => {
    const jsapi = {
      appId: 'wx1',
      timeStamp: '1',
      nonceStr: 'n',
      package: 'prepay_id=p',
      signType: 'RSA',
      paySign: 's',
    };
    fakeServer({
      'POST /api/client/orders': [[201, { ...order('unpaid'), channel: 'jsapi', codeUrl: null, jsapi }]],
    });
    vi.stubGlobal('WeixinJSBridge', {
      invoke: (_name: string, _params: unknown, done: (result: { err_msg: string }) => void) =>
        done({ err_msg: 'get_brand_wcpay_request:fail' }),
    });
    await unlock();
    expect(container.textContent).toContain('The payment did not go through. You can try again.');
    expect(container.querySelector('button')?.disabled).toBe(false);
  });
});

describe('a payment the server refuses', () => {
  const wechatUa =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Mobile/15E148 MicroMessenger/8.0.44';

  it('inside WeChat without a linked openid, signs in through WeChat again instead of repeating the error', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(wechatUa);
    // The server's answer to a jsapi order of a participant WeChat has not linked (a field error of `channel`).
    const refusal: [number, unknown, string] = [
      400,
      {
        error: 'request.invalid',
        errors: [
          { field: 'channel', error: 'order.openidRequired', message: '微信内支付需要先通过微信登录' },
        ],
      },
      // Told apart by the field's code, whatever the language of the message.
      '微信内支付需要先通过微信登录',
    ];
    fakeServer({ 'POST /api/client/orders': [refusal] });
    await unlock();
    expect(signInAgainThroughWechat).toHaveBeenCalledTimes(1);
    expect(container.textContent).toContain('Signing in with WeChat');
    expect(container.textContent).not.toContain('Could not start the payment');
  });

  it('inside WeChat, says so when the WeChat sign-in cannot be tried again', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(wechatUa);
    vi.mocked(signInAgainThroughWechat).mockResolvedValueOnce(false);
    fakeServer({
      'POST /api/client/orders': [
        [
          400,
          { error: 'request.invalid', errors: [{ field: 'channel', error: 'order.openidRequired' }] },
          'channel: Paying inside WeChat needs a WeChat sign-in first',
        ],
      ],
    });
    await unlock();
    expect(container.textContent).toContain('Could not start the payment');
    expect(container.querySelector('button')?.disabled).toBe(false);
  });

  it('already unlocked elsewhere (409), reloads the record so the report opens', async () => {
    fakeServer({
      'POST /api/client/orders': [
        [409, { error: 'order.alreadyUnlocked' }, 'This report is already unlocked'],
      ],
    });
    client.setQueryData(['record', 5], { id: 5 });
    await unlock();
    expect(client.getQueryState(['record', 5])?.isInvalidated).toBe(true);
  });

  it('forgets a remembered order the server no longer knows (404), stops asking and shows why', async () => {
    sessionStorage.setItem('h5-pay-pending', JSON.stringify({ recordId: 5, orderNo: 'CT20261123000001' }));
    const seen = fakeServer({
      'GET /api/client/orders/CT20261123000001': [
        [404, { error: 'order.notFound' }, 'The order was not found'],
        [404, { error: 'order.notFound' }, 'The order was not found'],
      ],
    });
    await act(async () =>
      root.render(
        <QueryClientProvider client={client}>
          <PayPanel recordId={5} priceFen={990} />
        </QueryClientProvider>,
      ),
    );
    await pass(1300);
    expect(seen.filter((key) => key.startsWith('GET'))).toHaveLength(1);
    expect(container.textContent).toContain('The order was not found');
    expect(container.textContent).not.toContain('Waiting for WeChat Pay');
    expect(container.querySelector('button')?.disabled).toBe(false);
    expect(sessionStorage.getItem('h5-pay-pending')).toBeNull();
  });
});
