/** The business constants of docs/spec.md section 9 shared by server and console. */
export const TOKEN_STORAGE_KEY = 'Authorization';
export const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const REQUEST_TIMEOUT_MS = 6000;
/**
 * Sent (`1`) with requests the console makes on its own (the alert badge's poll): they do not count as use, so a
 * session without "Remember me" still ends after its idle hours on a screen nobody is at.
 */
export const BACKGROUND_HEADER = 'x-background';
/** The largest id a record can have: ids are 32-bit serial columns. */
export const ID_MAX = 2_147_483_647;
export const MIN_PASSWORD_LENGTH = 6;
export const MAX_PASSWORD_LENGTH = 128;
export const LANGUAGES = ['en-US', 'zh-CN'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en-US';

/** The first of a browser's languages (`navigator.languages`) the service speaks (zh-* -> zh-CN), else English. */
export function browserLanguage(tags: readonly string[]): Language {
  for (const tag of tags) {
    const lower = tag.toLowerCase();
    if (lower.startsWith('zh')) return 'zh-CN';
    if (lower.startsWith('en')) return 'en-US';
  }
  return DEFAULT_LANGUAGE;
}

/** Verification codes sent by SMS or mail: 6 digits, 5 minutes, one use, 5 tries, 60 s between sends. */
export const CODE_LENGTH = 6;
export const CODE_TTL_MS = 5 * 60 * 1000;
export const CODE_MAX_TRIES = 5;
export const CODE_RESEND_SECONDS = 60;
/**
 * Links mailed to staff: activation (docs/spec.md section 2: 24 hours), password recovery (30 minutes),
 * invitation (7 days).
 */
export const ACTIVATION_TTL_MS = 24 * 60 * 60 * 1000;
export const RECOVERY_LINK_TTL_MS = 30 * 60 * 1000;
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Display settings (docs/spec.md section 3): the page styles, and the theme colours of section 9 by their
 * Ant Design names.
 */
export const PAGE_STYLES = ['light', 'dark', 'realdark'] as const;
export const THEME_COLOR_NAMES = [
  'daybreak',
  'dust',
  'volcano',
  'sunset',
  'cyan',
  'green',
  'geekblue',
  'purple',
] as const;
