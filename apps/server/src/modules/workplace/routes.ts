import type { ZodApp } from '../../http/zod-app.ts';

/** Being built. */
export async function workplaceRoutes(_app: ZodApp) {}
