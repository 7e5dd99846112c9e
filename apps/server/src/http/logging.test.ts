import { describe, expect, it } from 'vitest';
import { errorForLog, urlForLog } from './logging.ts';

describe('log serializers', () => {
  it('keep a database error but none of its values', () => {
    const cause = Object.assign(
      new Error('duplicate key value violates unique constraint "accounts_email_key"'),
      {
        code: '23505',
        constraint: 'accounts_email_key',
        detail: 'Key (lower(email))=(a@b.example) already exists.',
        where: 'SQL statement with a@b.example',
      },
    );
    const error = Object.assign(
      new Error('Failed query: insert into x values ($1, $2)\nparams: a@b.example,$argon2id$v=19$x'),
      {
        query: 'insert into x values ($1, $2)',
        params: ['a@b.example', '$argon2id$v=19$x'],
        cause,
      },
    );
    const logged = JSON.stringify(errorForLog(error));
    expect(logged).not.toContain('a@b.example');
    expect(logged).not.toContain('argon2');
    expect(logged).toContain('insert into x values ($1, $2)');
    expect(logged).toContain('accounts_email_key');
    expect(logged).toContain('23505');
  });

  it('takes what is not an Error as it is', () => {
    expect(errorForLog('boom' as unknown as Error)).toEqual({ type: 'string', message: 'boom', stack: '' });
  });

  it('leave private query values out of the request line', () => {
    expect(urlForLog('/api/accounts?keyword=a%40b.example&page=2&email=x&token=t')).toBe(
      '/api/accounts?keyword=[redacted]&page=2&email=[redacted]&token=[redacted]',
    );
    expect(urlForLog('/api/health')).toBe('/api/health');
    expect(urlForLog('/api/x?%E0%A4%A=1')).toBe('/api/x?%E0%A4%A=1');
  });
});
