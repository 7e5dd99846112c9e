/** Order and refund numbers, as WeChat Pay takes them. */
import { randomInt } from 'node:crypto';

/** `CE` + China time `yyyyMMddHHmmss` + 8 random digits: 24 of [0-9A-Za-z], sortable by time. */
export function newOrderNo(prefix = 'CE', now = new Date()): string {
  const china = new Date(now.getTime() + 8 * 3600_000).toISOString().replace(/\D/g, '').slice(0, 14);
  return `${prefix}${china}${String(randomInt(100_000_000)).padStart(8, '0')}`;
}
