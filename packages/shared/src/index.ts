export * from './constants.ts';
export * from './envelope.ts';
export * from './permissions.ts';
export * from './routes.ts';
export * from './schemas/accounts.ts';
export * from './schemas/auth.ts';
export * from './schemas/categories.ts';
export * from './schemas/health.ts';
