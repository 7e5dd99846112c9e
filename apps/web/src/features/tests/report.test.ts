import { describe, expect, it } from 'vitest';
import { canonicalJson, sameReport } from './report.ts';

describe('sameReport', () => {
  it('ignores key order, deeply', () => {
    expect(sameReport({ a: 1, b: { c: [1, { d: 2, e: 3 }] } }, { b: { c: [1, { e: 3, d: 2 }] }, a: 1 })).toBe(
      true,
    );
    expect(canonicalJson({ b: 1, a: null })).toBe('{"a":null,"b":1}');
  });

  it('tells different values and array orders apart', () => {
    expect(sameReport({ a: 1 }, { a: 2 })).toBe(false);
    expect(sameReport([1, 2], [2, 1])).toBe(false);
    expect(sameReport({ a: 1 }, { a: 1, b: 2 })).toBe(false);
  });
});
