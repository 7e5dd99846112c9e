import { type ErrorCode, errorTemplate } from './catalogue.ts';

/** The parts of a zod issue (or a fastify-type-provider-zod validation item's params) the mapping reads. */
export interface IssueLike {
  code?: string;
  message?: string;
  origin?: string;
  format?: string;
  expected?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
  values?: unknown[];
  keys?: string[];
  params?: Record<string, unknown>;
}

export interface IssueError {
  error: ErrorCode;
  params?: Record<string, string | number>;
}

const isCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && errorTemplate(value, 'en-US') !== undefined;

/** A refinement's own `params` (`{ key: 'total' }`), the plain values only. */
function customParams(params: Record<string, unknown> | undefined) {
  const plain = Object.entries(params ?? {}).filter(
    (entry): entry is [string, string | number] =>
      entry[0] !== 'error' && (typeof entry[1] === 'string' || typeof entry[1] === 'number'),
  );
  return plain.length > 0 ? { params: Object.fromEntries(plain) } : {};
}

const bound = (value: number | bigint | undefined) => Number(value ?? 0);

/**
 * The catalogue code of a validation issue, never the validator's English: a refinement names its own code
 * as its message (`refine(ok, { error: 'field.invalidText' })`) or as `params.error`.
 */
export function issueError(issue: IssueLike): IssueError {
  if (isCode(issue.message)) return { error: issue.message, ...customParams(issue.params) };
  if (isCode(issue.params?.error)) return { error: issue.params.error, ...customParams(issue.params) };
  switch (issue.code) {
    case 'invalid_type':
      // zod reports a missing value as the wrong type; its input is not kept, its text still says so.
      if (/received undefined$/.test(issue.message ?? '')) return { error: 'field.required' };
      if (issue.expected === 'int') return { error: 'field.notInteger' };
      return { error: 'field.invalidType', params: { expected: issue.expected ?? 'value' } };
    case 'too_small':
      if (issue.origin === 'string') {
        return bound(issue.minimum) <= 1
          ? { error: 'field.required' }
          : { error: 'field.tooShort', params: { minimum: bound(issue.minimum) } };
      }
      if (issue.origin === 'array' || issue.origin === 'set')
        return { error: 'field.tooFewItems', params: { minimum: bound(issue.minimum) } };
      return { error: 'field.tooSmall', params: { minimum: bound(issue.minimum) } };
    case 'too_big':
      if (issue.origin === 'string')
        return { error: 'field.tooLong', params: { maximum: bound(issue.maximum) } };
      if (issue.origin === 'array' || issue.origin === 'set')
        return { error: 'field.tooManyItems', params: { maximum: bound(issue.maximum) } };
      if (issue.origin === 'file')
        return { error: 'file.tooLarge', params: { maximumMb: bound(issue.maximum) / 2 ** 20 } };
      return { error: 'field.tooBig', params: { maximum: bound(issue.maximum) } };
    case 'invalid_format':
      if (issue.format === 'email') return { error: 'field.invalidEmail' };
      if (issue.format === 'url') return { error: 'field.invalidUrl' };
      if (issue.format === 'datetime' || issue.format === 'date') return { error: 'field.invalidDate' };
      return { error: 'field.invalidFormat' };
    case 'invalid_value':
      return { error: 'field.notOneOf', params: { options: (issue.values ?? []).map(String).join(', ') } };
    case 'unrecognized_keys':
      return { error: 'field.unknown' };
    default:
      return { error: 'field.invalid' };
  }
}
