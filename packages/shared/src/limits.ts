/**
 * The limits and value lists the content schemas (schemas/) enforce and the console's forms also show. They
 * live apart from the schemas, free of zod, so a form that shows a limit does not download the content schemas
 * (zod classic, which no page downloads). What a list's filters name is in queries/<domain>.ts instead.
 */

// ---- Text -----------------------------------------------------------------------------------------------

/** Bilingual texts: a long text (description, interpretation) and a label (names). */
export const LONG_TEXT_MAX = 5000;
export const LABEL_MAX = 100;

/**
 * A link or image address: an absolute http(s) URL, or a path inside this app. A path is one `/` then
 * anything but `/` or `\` (browsers read `//host` and `/\host` as another site); no spaces, controls or `\`
 * anywhere (browsers drop tabs and newlines and read `\` as `/`).
 */
export const LINK_PATTERN =
  /^(?:https?:\/\/[^\s\p{Cc}\\/?#]+(?:[/?#][^\s\p{Cc}\\]*)?|\/(?![/\\])[^\s\p{Cc}\\]*)$/u;

// ---- Categories and tests ----------------------------------------------------------------------------------

export const SORT_ORDER_MAX = 9999;

export const SUBTITLE_MAX = 200;
export const MAX_PRICE_FEN = 100_000_00;
export const MAX_MINUTES = 600;
export const TEST_SORT_ORDER_MAX = 9999;

// ---- Questions and scoring -----------------------------------------------------------------------------------

export const OPTION_TEXT_MAX = 500;
export const MAX_OPTIONS_PER_QUESTION = 20;

/** The reserved key of the total: every chosen option's score counts towards it. */
export const TOTAL_KEY = 'total';
export const DIMENSION_KEY_PATTERN = /^[a-z][a-z0-9_]{0,31}$/;
export const AGGREGATES = ['sum', 'mean'] as const;
export const ROUNDINGS = ['none', 'floor', 'half_up'] as const;
export const ALERT_OPERATORS = ['gt', 'gte', 'lt', 'lte', 'eq', 'neq'] as const;

// ---- Alerts, orders, uploads --------------------------------------------------------------------------------

export const ALERT_NOTE_MAX = 1000;
export const REFUND_REASON_MAX = 80;
export const RECONCILIATION_KINDS = [
  'missingHere',
  'missingThere',
  'amountDiffers',
  'statusDiffers',
] as const;
/** The recent days the reconciliation list covers (back from yesterday): WeChat Pay keeps bills 3 months. */
export const RECONCILIATION_DAYS = 90;
export const RECONCILIATION_DAYS_PAGE_MAX = 31;
/** A day's reconciliation at a glance: every trade matched, some differ, the bill could not be had, or never asked. */
export const RECONCILIATION_DAY_STATES = ['matched', 'differences', 'failed', 'notFetched'] as const;
/** `POST /api/uploads` takes PNG, JPEG, WebP or GIF of at most 2 MB. */
export const UPLOAD_MAX_BYTES = 2 * 1024 * 1024;

// ---- Settings and accounts --------------------------------------------------------------------------------

export const SERVICE_NAME_MAX = 60;
/** Disclaimer and privacy policy: a few pages of text each. */
export const POLICY_TEXT_MAX = 20_000;
export const PROMOTION_TEXT_MAX = 40;
/** Staff third-party sign-in: WeChat Work (企业微信), DingTalk, the WeChat open platform. */
export const OAUTH_PROVIDERS = ['wecom', 'dingtalk', 'wechat'] as const;
/** `tls`: TLS from the start (usually port 465); `starttls`: upgrade required (587); `none`: plain. */
export const MAIL_SECURITY = ['tls', 'starttls', 'none'] as const;
export const SMS_PROVIDERS = ['none', 'aliyun', 'tencent'] as const;
/** Which events mail this person (account settings, New message notification). */
export const STAFF_EVENTS = ['alert', 'refund', 'signUp'] as const;
