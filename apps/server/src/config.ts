import path from 'node:path';

/** S3-compatible object storage for uploads (AWS, MinIO, Alibaba OSS, Tencent COS). */
export interface S3Config {
  /** Endpoint URL; absent means AWS itself. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  accessKeyId: string | undefined;
  secretAccessKey: string | undefined;
  /** `bucket` in the path instead of the host name (MinIO and most self-hosted servers need this). */
  forcePathStyle: boolean;
}

/** The WeChat official account participants sign in through (OAuth web authorisation). */
export interface WechatConfig {
  appId: string;
  appSecret: string;
  /** `https://api.weixin.qq.com`, or a local fake in tests. */
  apiBase: string;
}

/** Where the SMS providers' APIs are reached. */
export interface SmsApiBase {
  aliyun: string;
  tencent: string;
}

/** Where staff third-party sign-in goes (modules/oauth): the real hosts, or local fakes in tests. */
export interface OAuthBases {
  /** `WECOM_LOGIN_BASE`: WeChat Work's web login page (`https://login.work.weixin.qq.com`). */
  wecomLogin: string;
  /** `WECOM_API_BASE`: `https://qyapi.weixin.qq.com`. */
  wecomApi: string;
  /** `DINGTALK_LOGIN_BASE`: `https://login.dingtalk.com`. */
  dingtalkLogin: string;
  /** `DINGTALK_API_BASE`: `https://api.dingtalk.com`. */
  dingtalkApi: string;
  /** `WECHAT_OPEN_BASE`: the WeChat open platform's QR login page (`https://open.weixin.qq.com`). */
  wechatOpen: string;
  /** WeChat's API (`WECHAT_API_BASE`), as for participants. */
  wechatApi: string;
}

export interface Config {
  port: number;
  host: string;
  /** Embedded database directory (PGlite); ignored when `databaseUrl` is set. */
  dataDir: string;
  /** Where uploaded images are stored when there is no `s3` (default `<dataDir>/uploads`). */
  uploadDir: string;
  /** Object storage for uploads; set when `S3_BUCKET` is, and then `uploadDir` is unused. */
  s3: S3Config | undefined;
  databaseUrl: string | undefined;
  /** Connections per server to PostgreSQL (the embedded database always uses one). */
  databasePoolMax: number;
  /** PostgreSQL cancels a statement that runs longer, in ms (0: never). */
  databaseStatementTimeoutMs: number;
  /** At start, how long to wait for PostgreSQL to take connections, in s (0: not at all). */
  databaseConnectTimeoutS: number;
  adminPassword: string | undefined;
  /**
   * `SECRETS_KEY`: the key(s) the secrets in the settings are sealed with, base64, comma-separated, the first
   * sealing. Unset: a key file in `dataDir` (made at the first start).
   */
  secretsKey: string | undefined;
  /** Directory of the built console; served with history fallback when it exists. */
  webDist: string | undefined;
  logLevel: string;
  /** Client addresses come from X-Forwarded-For (behind a reverse proxy or load balancer). */
  trustProxy: boolean;
  /** Requests per minute from one address, per server; 0 turns off every limit, the client ones too. */
  rateLimitMax: number;
  /** Requests per minute from one participant to `/api/client/*`, per server; 0 turns it off. */
  clientRateLimitMax: number;
  /** Participant sessions one client address may start per minute, per server; 0 turns it off. */
  clientSessionRateLimitMax: number;
  /** Set when both `WECHAT_APP_ID` and `WECHAT_APP_SECRET` are. */
  wechat: WechatConfig | undefined;
  /** WeChat's API (`WECHAT_API_BASE`), also for an official account set in the settings. */
  wechatApiBase: string;
  /** WeChat Pay API v3 (`WECHATPAY_API_BASE`): `https://api.mch.weixin.qq.com`, or a local fake in tests. */
  wechatPayApiBase: string;
  /** Alibaba Cloud SMS (`ALIYUN_SMS_API_BASE`) and Tencent Cloud SMS (`TENCENT_SMS_API_BASE`); fakes in tests. */
  smsApiBase: SmsApiBase;
  /**
   * `SMTP_ALLOW_PRIVATE`: the SMTP server staff enter may be on loopback or a private network (a relay of
   * the operator's own). An environment variable, not a setting: staff editing settings must not open it.
   */
  smtpAllowPrivate: boolean;
  /**
   * Without "remember me", a session ends after this many hours unused (with it, after the 7 days of
   * docs/spec.md section 9).
   */
  sessionIdleHours: number;
  oauth: OAuthBases;
  /**
   * The console's address as staff open it (`PUBLIC_URL`), for the links mailed to them (activation,
   * password recovery, invitations) and OAuth redirects; never taken from a request's Host header.
   */
  publicUrl: string;
  loginThrottle: {
    maxFailuresPerAccount: number;
    maxFailuresPerAddress: number;
    windowMs: number;
    lockMs: number;
  };
}

const int = (value: string | undefined, fallback: number, name: string, min = 0): number => {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < min)
    throw new Error(`${name} must be an integer of at least ${min}, got "${value}"`);
  return parsed;
};

const bool = (value: string | undefined) => value === 'true';

const wechatApiBase = (env: NodeJS.ProcessEnv) =>
  (env.WECHAT_API_BASE || 'https://api.weixin.qq.com').replace(/\/+$/, '');

const base = (value: string | undefined, fallback: string) => (value || fallback).replace(/\/+$/, '');

const oauthBases = (env: NodeJS.ProcessEnv): OAuthBases => ({
  wecomLogin: base(env.WECOM_LOGIN_BASE, 'https://login.work.weixin.qq.com'),
  wecomApi: base(env.WECOM_API_BASE, 'https://qyapi.weixin.qq.com'),
  dingtalkLogin: base(env.DINGTALK_LOGIN_BASE, 'https://login.dingtalk.com'),
  dingtalkApi: base(env.DINGTALK_API_BASE, 'https://api.dingtalk.com'),
  wechatOpen: base(env.WECHAT_OPEN_BASE, 'https://open.weixin.qq.com'),
  wechatApi: wechatApiBase(env),
});

function wechatConfig(env: NodeJS.ProcessEnv): WechatConfig | undefined {
  if (!env.WECHAT_APP_ID || !env.WECHAT_APP_SECRET) return undefined;
  return { appId: env.WECHAT_APP_ID, appSecret: env.WECHAT_APP_SECRET, apiBase: wechatApiBase(env) };
}

function s3Config(env: NodeJS.ProcessEnv): S3Config | undefined {
  if (!env.S3_BUCKET) return undefined;
  return {
    endpoint: env.S3_ENDPOINT || undefined,
    bucket: env.S3_BUCKET,
    region: env.S3_REGION || 'us-east-1',
    accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
    forcePathStyle: bool(env.S3_FORCE_PATH_STYLE),
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const root = path.resolve(import.meta.dirname, '../../..');
  const config: Omit<Config, 'uploadDir'> = {
    port: int(env.PORT, 8000, 'PORT'),
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || path.join(process.cwd(), 'data')),
    s3: s3Config(env),
    databaseUrl: env.DATABASE_URL || undefined,
    databasePoolMax: int(env.DATABASE_POOL_MAX, 10, 'DATABASE_POOL_MAX', 1),
    databaseStatementTimeoutMs: int(
      env.DATABASE_STATEMENT_TIMEOUT_MS,
      15_000,
      'DATABASE_STATEMENT_TIMEOUT_MS',
    ),
    databaseConnectTimeoutS: int(env.DATABASE_CONNECT_TIMEOUT_S, 60, 'DATABASE_CONNECT_TIMEOUT_S'),
    adminPassword: env.ADMIN_PASSWORD || undefined,
    secretsKey: env.SECRETS_KEY || undefined,
    webDist: path.resolve(env.WEB_DIST || path.join(root, 'apps/web/dist')),
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: bool(env.TRUST_PROXY),
    rateLimitMax: int(env.RATE_LIMIT_MAX, 600, 'RATE_LIMIT_MAX'),
    clientRateLimitMax: int(env.CLIENT_RATE_LIMIT_MAX, 120, 'CLIENT_RATE_LIMIT_MAX'),
    clientSessionRateLimitMax: int(env.CLIENT_SESSION_RATE_LIMIT_MAX, 20, 'CLIENT_SESSION_RATE_LIMIT_MAX'),
    wechat: wechatConfig(env),
    wechatApiBase: wechatApiBase(env),
    wechatPayApiBase: (env.WECHATPAY_API_BASE || 'https://api.mch.weixin.qq.com').replace(/\/+$/, ''),
    smsApiBase: {
      aliyun: (env.ALIYUN_SMS_API_BASE || 'https://dysmsapi.aliyuncs.com').replace(/\/+$/, ''),
      tencent: (env.TENCENT_SMS_API_BASE || 'https://sms.tencentcloudapi.com').replace(/\/+$/, ''),
    },
    smtpAllowPrivate: bool(env.SMTP_ALLOW_PRIVATE),
    sessionIdleHours: int(env.SESSION_IDLE_HOURS, 12, 'SESSION_IDLE_HOURS', 1),
    oauth: oauthBases(env),
    publicUrl: (env.PUBLIC_URL || `http://localhost:${int(env.PORT, 8000, 'PORT')}`).replace(/\/+$/, ''),
    loginThrottle: {
      maxFailuresPerAccount: int(env.LOGIN_MAX_FAILURES, 5, 'LOGIN_MAX_FAILURES'),
      maxFailuresPerAddress: int(env.LOGIN_MAX_FAILURES_PER_ADDRESS, 20, 'LOGIN_MAX_FAILURES_PER_ADDRESS'),
      windowMs: 15 * 60 * 1000,
      lockMs: 15 * 60 * 1000,
    },
    ...overrides,
  };
  return { ...config, uploadDir: overrides.uploadDir ?? path.join(config.dataDir, 'uploads') };
}
