import type { LocalizedText } from './schemas/localized.ts';

/**
 * The number filter of docs/spec.md section 9: integers grouped by threes with commas; empty is 0. Decimals
 * group their integer part.
 */
export function formatNumber(value: number | string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '0';
  const text = String(value).trim();
  const match = /^([+-]?)(\d+)(\.\d+)?$/.exec(text);
  if (!match) return text;
  const [, sign, integer, fraction = ''] = match;
  return `${sign === '-' ? '-' : ''}${integer!.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction}`;
}

/** Money is stored as integer fen; shown as yuan with two decimals, grouped. */
export function formatYuan(fen: number | null | undefined, options: { symbol?: boolean } = {}): string {
  const value = fen ?? 0;
  const sign = value < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(value));
  const text = `${sign}${formatNumber(Math.trunc(abs / 100))}.${String(abs % 100).padStart(2, '0')}`;
  return options.symbol ? `¥${text}` : text;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Date filter (docs/spec.md section 9): 'YYYY-MM-DD HH:mm:ss' in the viewer's time zone; '' for no date. */
export function formatDateTime(value: string | number | Date | null | undefined, withTime = true): string {
  if (value === null || value === undefined || value === '') return '';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return withTime
    ? `${day} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
    : day;
}

export type Greeting = 'morning' | 'forenoon' | 'noon' | 'afternoon' | 'evening';

/**
 * Before 9 morning; 9-11 forenoon; 12-13 noon; 14-19 afternoon; otherwise evening (docs/spec.md section 9).
 */
export function greetingFor(hour: number): Greeting {
  if (hour < 9) return 'morning';
  if (hour <= 11) return 'forenoon';
  if (hour <= 13) return 'noon';
  if (hour <= 19) return 'afternoon';
  return 'evening';
}

export const WELCOME_PHRASE_COUNT = 4;

/** Index of one of the 4 welcome phrases (docs/spec.md section 9), chosen at random. */
export const welcomePhraseIndex = (random: () => number = Math.random): number =>
  Math.min(WELCOME_PHRASE_COUNT - 1, Math.floor(random() * WELCOME_PHRASE_COUNT));

/**
 * The password strength score of docs/spec.md section 5: each character adds 5 divided by the number of times
 * it has appeared so far; then 10 points for each kind beyond the first among digits, lowercase, uppercase
 * and non-word characters; truncated to an integer. Empty scores 0.
 */
export function passwordScore(password: string): number {
  if (!password) return 0;
  const seen = new Map<string, number>();
  let score = 0;
  for (const char of password) {
    const times = (seen.get(char) ?? 0) + 1;
    seen.set(char, times);
    score += 5 / times;
  }
  const kinds = [/\d/, /[a-z]/, /[A-Z]/, /\W/].filter((kind) => kind.test(password)).length;
  score += (kinds - 1) * 10;
  return Math.trunc(score);
}

export type PasswordLevel = 'tooShort' | 'low' | 'medium' | 'strong';

/** Levels of the sign-up strength meter: below the minimum length it is too short whatever its score. */
export function passwordLevel(password: string, minLength = 6): PasswordLevel {
  if (password.length < minLength) return 'tooShort';
  const score = passwordScore(password);
  if (score >= 80) return 'strong';
  if (score >= 60) return 'medium';
  return 'low';
}

/** The text in the wanted language, else the other one. */
export const localized = (value: LocalizedText, language: 'zh' | 'en'): string =>
  value[language] || value[language === 'zh' ? 'en' : 'zh'];
