/**
 * The trade bill file (`/v3/bill/tradebill`): a header line, one line per trade with every field prefixed by
 * a backtick (so spreadsheets keep long numbers), then a summary header and a summary line. Amounts are in
 * yuan with two decimals; rows here carry them in fen.
 */

/** One trade (or refund) line, keyed by the bill's own column names, with the fields reconciliation reads. */
export interface TradeBillRow {
  tradeTime: string;
  appId: string;
  mchId: string;
  transactionId: string;
  outTradeNo: string;
  openid: string;
  tradeType: string;
  /** SUCCESS, REFUND, REVOKED... */
  tradeState: string;
  /** 订单金额 (the order's amount), in fen. */
  amountFen: number;
  refundId: string;
  outRefundNo: string;
  /** 退款金额, in fen (0 on payment lines). */
  refundFen: number;
  refundState: string;
  description: string;
  attach: string;
  /** Every column as the bill has it, backticks removed. */
  fields: Record<string, string>;
}

export interface TradeBill {
  columns: string[];
  rows: TradeBillRow[];
  /** The summary line by its header (总交易单数, 应结订单总金额...), backticks removed. */
  summary: Record<string, string>;
}

export class TradeBillError extends Error {
  constructor(reason: string) {
    super(`unreadable trade bill: ${reason}`);
    this.name = 'TradeBillError';
  }
}

/** `12.34` yuan as 1234 fen, exactly (no floating point); an empty field is 0. */
export function yuanToFen(value: string): number {
  const text = value.trim();
  if (text === '') return 0;
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw new TradeBillError(`amount "${text.slice(0, 20)}"`);
  const fen = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -fen : fen;
}

/**
 * A trade line's fields, backticks removed. Each starts with a backtick, so a comma inside a product name (which WeChat Pay
 * does not quote) is split off only when a backtick follows it.
 */
const tradeFields = (line: string) => line.slice(1).split(',`');

const COLUMN = {
  tradeTime: '交易时间',
  appId: '公众账号ID',
  mchId: '商户号',
  transactionId: '微信订单号',
  outTradeNo: '商户订单号',
  openid: '用户标识',
  tradeType: '交易类型',
  tradeState: '交易状态',
  amount: '订单金额',
  refundId: '微信退款单号',
  outRefundNo: '商户退款单号',
  refund: '退款金额',
  refundState: '退款状态',
  description: '商品名称',
  attach: '商户数据包',
} as const;

export function parseTradeBill(text: string): TradeBill {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '');
  const [header, ...rest] = lines;
  if (!header) return { columns: [], rows: [], summary: {} };
  const columns = header.split(',').map((name) => name.trim());
  if (!columns.includes(COLUMN.outTradeNo)) throw new TradeBillError('no 商户订单号 column');
  const tradeLines = rest.filter((line) => line.startsWith('`'));
  const tail = rest.filter((line) => !line.startsWith('`'));
  // The summary: its header has no backticks, its values do (and so were taken as a trade line: the last).
  const summaryHeader = tail[0]?.split(',').map((name) => name.trim());
  const summaryLine = summaryHeader ? tradeLines.pop() : undefined;
  const summary: Record<string, string> = {};
  if (summaryHeader && summaryLine) {
    const values = tradeFields(summaryLine);
    summaryHeader.forEach((name, index) => {
      summary[name] = values[index] ?? '';
    });
  }
  const rows = tradeLines.map((line, index) => {
    const values = tradeFields(line);
    if (values.length !== columns.length)
      throw new TradeBillError(`line ${index + 2} has ${values.length} fields`);
    const fields = Object.fromEntries(columns.map((name, i) => [name, values[i] ?? '']));
    const field = (name: string) => fields[name] ?? '';
    return {
      tradeTime: field(COLUMN.tradeTime),
      appId: field(COLUMN.appId),
      mchId: field(COLUMN.mchId),
      transactionId: field(COLUMN.transactionId),
      outTradeNo: field(COLUMN.outTradeNo),
      openid: field(COLUMN.openid),
      tradeType: field(COLUMN.tradeType),
      tradeState: field(COLUMN.tradeState),
      amountFen: yuanToFen(field(COLUMN.amount)),
      refundId: field(COLUMN.refundId) === '0' ? '' : field(COLUMN.refundId),
      outRefundNo: field(COLUMN.outRefundNo) === '0' ? '' : field(COLUMN.outRefundNo),
      refundFen: yuanToFen(field(COLUMN.refund)),
      refundState: field(COLUMN.refundState),
      description: field(COLUMN.description),
      attach: field(COLUMN.attach),
      fields,
    };
  });
  return { columns, rows, summary };
}
