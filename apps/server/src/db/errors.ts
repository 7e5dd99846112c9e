/** PostgreSQL's unique_violation, whether pg raised it directly or drizzle wrapped it. */
export const isUniqueViolation = (error: unknown): boolean =>
  (error as { code?: string }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505';

const FOREIGN_KEY_CODES = ['23503', '23001'];

/** PostgreSQL's foreign_key_violation or restrict_violation, raised directly or wrapped by drizzle. */
export const isForeignKeyViolation = (error: unknown): boolean =>
  FOREIGN_KEY_CODES.includes((error as { code?: string }).code ?? '') ||
  FOREIGN_KEY_CODES.includes((error as { cause?: { code?: string } }).cause?.code ?? '');
