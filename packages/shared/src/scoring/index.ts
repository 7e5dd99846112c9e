export * from './builtins/index.ts';
export * from './checks.ts';
export * from './crisis.ts';
export * from './engine.ts';
export * from './options.ts';
