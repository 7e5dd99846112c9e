/** JSON with object keys sorted, so two values compare by content whatever their key order. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}

/** Whether the console's and the server's reports say the same (the server's has its keys in schema order). */
export const sameReport = (a: unknown, b: unknown): boolean => canonicalJson(a) === canonicalJson(b);
