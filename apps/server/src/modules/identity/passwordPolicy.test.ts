import { describe, expect, it } from 'vitest';
import { HttpError } from '../../http/reply.ts';
import { assertAcceptablePassword } from './passwordPolicy.ts';

const refusal = (password: string, context?: { username?: string; email?: string }, field?: string) => {
  try {
    assertAcceptablePassword(password, field, context);
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    return (error as HttpError).options.errors?.[0];
  }
  return undefined;
};

describe('assertAcceptablePassword', () => {
  it('refuses fewer than 6 characters as not strong enough', () => {
    expect(refusal('Ab1!x')).toEqual({
      field: 'password',
      error: 'signUp.passwordTooShort',
      params: { minimum: 6 },
    });
  });

  it('refuses the common passwords, whatever their case, on the given field', () => {
    expect(refusal('123456')?.error).toBe('signUp.passwordCommon');
    expect(refusal('PASSWORD1', undefined, 'newPassword')).toMatchObject({
      field: 'newPassword',
      error: 'signUp.passwordCommon',
    });
  });

  it('refuses the username, the email and its local part', () => {
    const context = { username: 'Kestrel-42', email: 'quill.x9@example.com' };
    expect(refusal('kestrel-42', context)?.error).toBe('signUp.passwordPersonal');
    expect(refusal('quill.x9@example.com', context)?.error).toBe('signUp.passwordPersonal');
    expect(refusal('Quill.X9', context)?.error).toBe('signUp.passwordPersonal');
  });

  it('accepts a weak but uncommon password and a strong one', () => {
    expect(refusal('tapir-lantern')).toBeUndefined();
    expect(refusal('Gx7#pLq9!vRz')).toBeUndefined();
  });
});
