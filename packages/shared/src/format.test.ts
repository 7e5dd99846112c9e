import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  formatDateTime,
  formatNumber,
  formatYuan,
  greetingFor,
  passwordLevel,
  passwordScore,
  welcomePhraseIndex,
} from './format.ts';

describe('formatNumber', () => {
  it.each([
    [0, '0'],
    [null, '0'],
    [undefined, '0'],
    ['', '0'],
    [999, '999'],
    [1000, '1,000'],
    [5701, '5,701'],
    [1234567, '1,234,567'],
    [-1234567, '-1,234,567'],
    [1234567.891, '1,234,567.891'],
    ['n/a', 'n/a'],
  ])('%s -> %s', (value, expected) => {
    expect(formatNumber(value)).toBe(expected);
  });
});

describe('formatYuan', () => {
  it.each([
    [0, '0.00'],
    [1, '0.01'],
    [990, '9.90'],
    [123456789, '1,234,567.89'],
    [-1050, '-10.50'],
  ])('%s fen -> %s yuan', (fen, expected) => {
    expect(formatYuan(fen)).toBe(expected);
  });
  it('adds the currency sign on request', () => expect(formatYuan(1999, { symbol: true })).toBe('¥19.99'));
});

describe('formatDateTime', () => {
  beforeAll(() => {
    vi.stubEnv('TZ', 'Asia/Shanghai');
  });
  afterAll(() => {
    vi.unstubAllEnvs();
  });
  it('shows UTC instants in the local zone as YYYY-MM-DD HH:mm:ss', () => {
    expect(formatDateTime('2026-11-22T03:04:05.000Z')).toBe('2026-11-22 11:04:05');
    expect(formatDateTime('2026-12-31T16:00:00Z', false)).toBe('2027-01-01');
  });
  it('is empty for no date or an invalid one', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDateTime('not a date')).toBe('');
  });
});

describe('greetingFor (the hours of docs/spec.md section 9)', () => {
  it.each([
    [0, 'morning'],
    [8, 'morning'],
    [9, 'forenoon'],
    [11, 'forenoon'],
    [12, 'noon'],
    [13, 'noon'],
    [14, 'afternoon'],
    [19, 'afternoon'],
    [20, 'evening'],
    [23, 'evening'],
  ])('%i h -> %s', (hour, expected) => expect(greetingFor(hour)).toBe(expected));
});

describe('welcomePhraseIndex', () => {
  it('picks one of the 4 phrases', () => {
    expect(welcomePhraseIndex(() => 0)).toBe(0);
    expect(welcomePhraseIndex(() => 0.26)).toBe(1);
    expect(welcomePhraseIndex(() => 0.9999)).toBe(3);
  });
});

describe('passwordScore (docs/spec.md section 5)', () => {
  it.each([
    ['', 0],
    // 5 + 2.5 + 1.67 + 1.25 + 1 + 0.83 = 12.25; one kind -> +0
    ['aaaaaa', 12],
    // six distinct lowercase: 30
    ['abcdef', 30],
    // 30 + one extra kind (digits) = 40
    ['abc123', 40],
    // 8 distinct = 40, four kinds -> +30 = 70
    ['aB3$efgh', 70],
    // 12 distinct = 60, + 30 = 90
    ['aB3$efghIJ5!', 90],
    // '_' is a word character of no kind: 5 + (0 - 1) * 10
    ['_', -5],
  ])('%j scores %i', (password, score) => expect(passwordScore(password)).toBe(score));
});

describe('passwordLevel', () => {
  it.each([
    ['abc', 'tooShort'],
    ['abcdef', 'low'],
    ['aB3$efgh1', 'medium'],
    ['aB3$efghIJ5!', 'strong'],
  ])('%j is %s', (password, level) => expect(passwordLevel(password)).toBe(level));
});
