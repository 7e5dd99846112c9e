import { describe, expect, it } from 'vitest';
import type { TradeBillRow } from '../../integrations/wechatpay/bill.ts';
import { chinaDate, chinaDay, type OurOrder, type OurRefund, reconcile } from './reconcile.ts';

const DAY = '2026-11-20';

const payment = (outTradeNo: string, amountFen: number): TradeBillRow => ({
  tradeTime: `${DAY} 10:00:00`,
  appId: 'wx1',
  mchId: '1900000001',
  transactionId: `4200${outTradeNo}`,
  outTradeNo,
  openid: 'o1',
  tradeType: 'NATIVE',
  tradeState: 'SUCCESS',
  amountFen,
  refundId: '',
  outRefundNo: '',
  refundFen: 0,
  refundState: '',
  description: 'Report',
  attach: '',
  fields: {},
});
const refundLine = (outTradeNo: string, outRefundNo: string, refundFen: number): TradeBillRow => ({
  ...payment(outTradeNo, 0),
  tradeState: 'REFUND',
  refundId: `50${outRefundNo}`,
  outRefundNo,
  refundFen,
  refundState: 'SUCCESS',
});
const order = (orderNo: string, amountFen: number, paidAt: string | null, status = 'paid'): OurOrder => ({
  orderNo,
  transactionId: paidAt ? `4200${orderNo}` : null,
  amountFen,
  status: status as OurOrder['status'],
  paidAt: paidAt ? new Date(paidAt) : null,
});
const refund = (orderNo: string, outRefundNo: string, amountFen: number, at: string | null): OurRefund => ({
  outRefundNo,
  orderNo,
  amountFen,
  status: at ? 'success' : 'processing',
  succeededAt: at ? new Date(at) : null,
});

describe('China-time days', () => {
  it('runs from 16:00 UTC the day before to 16:00 UTC', () => {
    expect(chinaDay(DAY)).toEqual({
      start: new Date('2026-11-19T16:00:00Z'),
      end: new Date('2026-11-20T16:00:00Z'),
    });
    // 17:00 UTC on the 20th is 01:00 on the 21st in China: "yesterday" there is the 20th.
    expect(chinaDate(new Date('2026-11-20T17:00:00Z'), -1)).toBe(DAY);
    expect(chinaDate(new Date('2026-11-20T15:59:59Z'))).toBe(DAY);
  });
});

describe('reconcile', () => {
  it('matches payments and refunds both sides have', () => {
    const result = reconcile(
      DAY,
      [payment('A1', 1990), refundLine('B1', 'R1', 500)],
      [order('A1', 1990, '2026-11-20T02:00:00Z'), order('B1', 1990, '2026-11-18T02:00:00Z', 'paid')],
      [refund('B1', 'R1', 500, '2026-11-20T03:00:00Z')],
    );
    expect(result).toEqual({
      counts: {
        billRows: 2,
        matched: 2,
        missingHere: 0,
        missingThere: 0,
        amountDiffers: 0,
        statusDiffers: 0,
      },
      differences: [],
    });
  });

  it('finds each kind of difference, on China-time day boundaries', () => {
    const result = reconcile(
      DAY,
      [
        payment('UNKNOWN', 100),
        payment('UNPAID', 1990),
        payment('AMOUNT', 1),
        refundLine('PAID', 'R-NOT-HERE', 300),
        refundLine('PAID', 'R-AMOUNT', 300),
      ],
      [
        order('UNPAID', 1990, null, 'unpaid'),
        order('AMOUNT', 1990, '2026-11-20T01:00:00Z'),
        // 23:59 China time on the 20th: that day, and not in the bill.
        order('LATE', 990, '2026-11-20T15:59:00Z'),
        // 00:30 China time on the 21st: the next day's, not missing from this one.
        order('NEXT', 990, '2026-11-20T16:30:00Z'),
        order('PAID', 1990, '2026-11-19T01:00:00Z', 'refunding'),
      ],
      [
        refund('PAID', 'R-NOT-HERE', 300, null),
        refund('PAID', 'R-AMOUNT', 200, '2026-11-20T05:00:00Z'),
        refund('PAID', 'R-NOT-THERE', 100, '2026-11-20T06:00:00Z'),
      ],
    );
    expect(result.counts).toEqual({
      billRows: 5,
      matched: 0,
      missingHere: 2,
      missingThere: 1,
      amountDiffers: 2,
      statusDiffers: 2,
    });
    const brief = result.differences.map((d) => [
      d.kind,
      d.orderNo,
      d.ourAmountFen,
      d.ourStatus,
      d.billAmountFen,
      d.billStatus,
    ]);
    expect(brief).toEqual([
      ['missingHere', 'UNKNOWN', null, null, 100, 'SUCCESS'],
      ['missingHere', 'UNPAID', 1990, 'unpaid', 1990, 'SUCCESS'],
      ['amountDiffers', 'AMOUNT', 1990, 'paid', 1, 'SUCCESS'],
      ['statusDiffers', 'PAID', 300, 'refunding', 300, 'REFUND'],
      ['amountDiffers', 'PAID', 200, 'refunding', 300, 'REFUND'],
      ['missingThere', 'LATE', 990, 'paid', null, null],
      ['statusDiffers', 'PAID', 100, 'refunding', null, null],
    ]);
    expect(result.differences.every((d) => d.synced === false)).toBe(true);
  });
});
