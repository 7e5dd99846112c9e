export * from './catalogue.ts';
export * from './issues.ts';
