import type { ZodApp } from '../../http/zod-app.ts';

/** Being built. */
export async function goalsRoutes(_app: ZodApp) {}
