/** SPEC 9 business constants shared by server and console. */
export const TOKEN_STORAGE_KEY = 'Authorization';
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const REQUEST_TIMEOUT_MS = 6000;
export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 128;
export const LANGUAGES = ['en-US', 'zh-CN'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en-US';
