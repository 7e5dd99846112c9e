/** PostgreSQL's unique_violation, whether pg raised it directly or drizzle wrapped it. */
export const isUniqueViolation = (error: unknown): boolean =>
  (error as { code?: string }).code === '23505' ||
  (error as { cause?: { code?: string } }).cause?.code === '23505';
