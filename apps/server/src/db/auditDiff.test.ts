import { describe, expect, it } from 'vitest';
import { diff } from './auditDiff.ts';

describe('audit diff', () => {
  it('lists only the fields that changed, with both values', () => {
    expect(
      diff({ name: 'A', sortOrder: 1, status: 'enabled' }, { name: 'B', sortOrder: 1, status: 'enabled' }),
    ).toEqual({ name: { from: 'A', to: 'B' } });
    expect(diff({ name: 'A' }, { name: 'A' })).toEqual({});
  });

  it('gives only `to` for a create and only `from` for a delete', () => {
    expect(diff(null, { name: 'A', iconUrl: null })).toEqual({ name: { to: 'A' }, iconUrl: { to: null } });
    expect(diff({ name: 'A' }, null)).toEqual({ name: { from: 'A' } });
  });

  it('leaves out secrets at any depth, and bookkeeping the audit row already holds', () => {
    const before = {
      id: 7,
      username: 'ann',
      passwordHash: 'old',
      updatedAt: new Date(1),
      payment: { mchId: '1', api_v3_key: 'k1', privateKey: 'p1' },
    };
    const after = {
      ...before,
      passwordHash: 'new',
      updatedAt: new Date(2),
      payment: { ...before.payment, mchId: '2' },
    };
    expect(diff(before, after)).toEqual({ payment: { from: { mchId: '1' }, to: { mchId: '2' } } });
    expect(diff(null, { accessToken: 't', tokenHash: 'h', secret: 's', name: 'n' })).toEqual({
      name: { to: 'n' },
    });
  });

  it('leaves out the fields a caller names', () => {
    expect(diff(null, { name: 'A', testCount: 0 }, { omit: ['testCount'] })).toEqual({ name: { to: 'A' } });
  });

  it('records a secret a change set as changed, never its value', () => {
    const changes = diff(
      { name: 'a', passwordHash: 'old' },
      { name: 'a', passwordHash: 'new' },
      {
        changedSecrets: ['password'],
      },
    );
    expect(changes).toEqual({ password: { changed: true } });
  });

  it('compares documents by content and writes dates as ISO strings', () => {
    expect(diff({ doc: { a: 1, b: [1, 2] } }, { doc: { b: [1, 2], a: 1 } })).toEqual({});
    expect(diff({ doc: { b: [1, 2] } }, { doc: { b: [2, 1] } })).toEqual({
      doc: { from: { b: [1, 2] }, to: { b: [2, 1] } },
    });
    expect(diff({ at: new Date(0) }, { at: new Date(1000) })).toEqual({
      at: { from: '1970-01-01T00:00:00.000Z', to: '1970-01-01T00:00:01.000Z' },
    });
  });
});
