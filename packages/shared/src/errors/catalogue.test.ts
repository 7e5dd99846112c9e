import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../constants.ts';
import {
  errorCatalogues,
  errorCodes,
  errorMessage,
  errorTemplate,
  pickLanguage,
  templateParams,
} from './catalogue.ts';
import { issueError } from './issues.ts';

describe('the error catalogue', () => {
  it.each(errorCodes())('%s has a text in every language, naming the same parameters', (code) => {
    const english = errorTemplate(code, 'en-US') ?? '';
    for (const language of LANGUAGES) {
      const text = errorTemplate(code, language);
      expect(text, `${code} in ${language}`).toBeTruthy();
      expect(templateParams(text ?? ''), `${code} in ${language}`).toEqual(templateParams(english));
    }
  });

  it('has no text that is not a code of the English catalogue', () => {
    for (const language of LANGUAGES) {
      const codes = Object.entries(errorCatalogues[language]).flatMap(([area, names]) =>
        Object.keys(names).map((name) => `${area}.${name}`),
      );
      expect(codes.sort()).toEqual(errorCodes().sort());
    }
  });

  it('fills parameters, falls back to English, then to the code', () => {
    expect(errorMessage('field.tooLong', { maximum: 100 }, 'zh-CN')).toBe('最多输入 100 个字符');
    expect(errorMessage('field.tooLong', { maximum: 100 })).toBe('Enter at most 100 characters');
    expect(errorMessage('no.suchCode', {}, 'zh-CN')).toBe('no.suchCode');
  });

  it('reads the language from Accept-Language by weight, defaulting to English', () => {
    expect(pickLanguage('zh-CN,zh;q=0.9,en;q=0.8')).toBe('zh-CN');
    expect(pickLanguage('fr;q=1, en;q=0.5, zh;q=0.9')).toBe('zh-CN');
    expect(pickLanguage('zh-TW')).toBe('zh-CN');
    expect(pickLanguage('fr, de')).toBe('en-US');
    expect(pickLanguage('zh;q=0, en')).toBe('en-US');
    expect(pickLanguage(undefined)).toBe('en-US');
  });

  it('maps zod issues to codes with their bounds, never to the validator text', () => {
    expect(issueError({ code: 'too_small', origin: 'number', minimum: 0 })).toEqual({
      error: 'field.tooSmall',
      params: { minimum: 0 },
    });
    expect(issueError({ code: 'too_big', origin: 'string', maximum: 100 })).toEqual({
      error: 'field.tooLong',
      params: { maximum: 100 },
    });
    expect(
      issueError({
        code: 'invalid_type',
        expected: 'number',
        message: 'Invalid input: expected number, received NaN',
      }),
    ).toEqual({ error: 'field.invalidType', params: { expected: 'number' } });
    expect(
      issueError({
        code: 'invalid_type',
        expected: 'string',
        message: 'Invalid input: expected string, received undefined',
      }),
    ).toEqual({ error: 'field.required' });
    expect(issueError({ code: 'invalid_format', format: 'email' })).toEqual({ error: 'field.invalidEmail' });
    expect(issueError({ code: 'custom', message: 'field.duplicateKey', params: { key: 'total' } })).toEqual({
      error: 'field.duplicateKey',
      params: { key: 'total' },
    });
    expect(issueError({ code: 'custom', message: 'Some English' })).toEqual({ error: 'field.invalid' });
  });
});
