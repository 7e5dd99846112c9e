import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  /** Embedded database directory (PGlite); ignored when `databaseUrl` is set. */
  dataDir: string;
  /** Where uploaded images are stored (default `<dataDir>/uploads`). */
  uploadDir: string;
  databaseUrl: string | undefined;
  adminPassword: string | undefined;
  /** Directory of the built console; served with history fallback when it exists. */
  webDist: string | undefined;
  logLevel: string;
  loginThrottle: {
    maxFailuresPerAccount: number;
    maxFailuresPerAddress: number;
    windowMs: number;
    lockMs: number;
  };
  /** Interval between `VACUUM (ANALYZE)` runs on the embedded database (PGlite has no autovacuum). */
  vacuumIntervalMs: number;
}

const int = (value: string | undefined, fallback: number, name: string): number => {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0)
    throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return parsed;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const root = path.resolve(import.meta.dirname, '../../..');
  const config: Omit<Config, 'uploadDir'> = {
    port: int(env.PORT, 8000, 'PORT'),
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || path.join(process.cwd(), 'data')),
    databaseUrl: env.DATABASE_URL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    webDist: path.resolve(env.WEB_DIST || path.join(root, 'apps/web/dist')),
    logLevel: env.LOG_LEVEL || 'info',
    loginThrottle: {
      maxFailuresPerAccount: int(env.LOGIN_MAX_FAILURES, 5, 'LOGIN_MAX_FAILURES'),
      maxFailuresPerAddress: int(env.LOGIN_MAX_FAILURES_PER_ADDRESS, 20, 'LOGIN_MAX_FAILURES_PER_ADDRESS'),
      windowMs: 15 * 60 * 1000,
      lockMs: 15 * 60 * 1000,
    },
    vacuumIntervalMs: 6 * 60 * 60 * 1000,
    ...overrides,
  };
  return { ...config, uploadDir: overrides.uploadDir ?? path.join(config.dataDir, 'uploads') };
}
