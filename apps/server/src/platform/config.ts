import { resolve } from 'node:path';
import { z } from 'zod';

const ROLES = ['api', 'gateway', 'ingest', 'jobs'] as const;
/** A process role: what part of the system this process runs. */
export type Role = (typeof ROLES)[number];

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || protocols.some((p) => v.startsWith(`${p}://`)), {
      message: `expected a URL starting with ${protocols.map((p) => `${p}://`).join(' or ')}`,
    });

const intInRange = (min: number, max: number, fallback: number) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return fallback;
      const n = Number(v);
      if (!Number.isInteger(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message: `expected a whole number from ${min} to ${max}, got '${v}'` });
        return z.NEVER;
      }
      return n;
    });

const list = z
  .string()
  .optional()
  .transform((v) =>
    (v ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );

const base64Key = (v: string) => {
  const key = Buffer.from(v, 'base64');
  return key.length === 32 && key.toString('base64') === v;
};

/** Seed of the simulated market when `MARKET_SEED` is unset: every process then serves the same market. */
export const DEFAULT_MARKET_SEED = 20_261_120;

/** Every environment variable the server reads, with its default. The README's table mirrors this. */
const EnvSchema = z.object({
  NODE_ENV: z.enum(['production', 'development', 'test']).default('production'),
  PORT: intInRange(1, 65_535, 8080),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  PUBLIC_URL: optionalUrl(['http', 'https']),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
  REDIS_URL: optionalUrl(['redis', 'rediss']),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CORS_ORIGINS: list,
  TRUST_PROXY: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  ROLES: list.refine((roles) => roles.every((r) => (ROLES as readonly string[]).includes(r)), {
    message: `expected a comma-separated subset of ${ROLES.join(',')}`,
  }),
  RATE_LIMIT_PER_MINUTE: intInRange(1, 1_000_000, 600),
  SHUTDOWN_GRACE_MS: intInRange(0, 120_000, 10_000),
  WEB_DIST_DIR: z.string().trim().min(1).optional(),
  SMTP_URL: optionalUrl(['smtp', 'smtps']),
  MAIL_FROM: z.string().trim().min(3).default('FNO Desk <no-reply@fnodesk.local>'),
  DEV_MAILBOX_PUBLIC: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  GOOGLE_CLIENT_ID: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined)),
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  GOOGLE_USERINFO_URL: z.url().default('https://openidconnect.googleapis.com/v1/userinfo'),
  GOOGLE_TOKENINFO_URL: z.url().default('https://oauth2.googleapis.com/tokeninfo'),
  // A coarse flood guard, not the brute-force limit (that sits on the account and the device): one carrier-grade
  // NAT address can carry thousands of subscribers logging in at 09:15.
  LOGIN_ATTEMPTS_PER_IP_PER_MINUTE: intInRange(1, 100_000, 300),
  LOGIN_ATTEMPTS_PER_IP_PER_HOUR: intInRange(1, 1_000_000, 5_000),
  TEST_PAYMENT_SECRET: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || v.length >= 16, { message: 'expected at least 16 characters' }),
  RAZORPAY_KEY_ID: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined)),
  RAZORPAY_KEY_SECRET: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined)),
  RAZORPAY_WEBHOOK_SECRET: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined)),
  RAZORPAY_API_URL: z.url().default('https://api.razorpay.com'),
  REFERRAL_PERCENT: intInRange(0, 50, 10),
  DELAY_SUBSCRIBED_MS: intInRange(0, 86_400_000, 1_800_000),
  REFRESH_MS: intInRange(1_000, 3_600_000, 60_000),
  MARKET_SEED: intInRange(0, 2_147_483_647, DEFAULT_MARKET_SEED),
  FEED_SOURCE: z.enum(['sim', 'kite']).default('sim'),
  MARKET_CLOCK: z.enum(['live', 'replay', 'always']).default('live'),
  // Where a replay stands when the process starts (IST HH:MM of the session), for demos and tests that need a market
  // at a known hour; unset, a replay follows the wall clock.
  MARKET_REPLAY_FROM: z
    .string()
    .trim()
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'a time of day as HH:MM')
    .optional()
    .transform((v) => (v ? v : undefined)),
  // Tests only (refused outside NODE_ENV=test): a pause between the orders of a basket, so a process test can kill
  // the server between them.
  TRADING_TEST_SEND_DELAY_MS: intInRange(0, 10_000, 0),
  FEED_FLUSH_MS: intInRange(10, 5_000, 250),
  FEED_URLS: list,
  KITE_API_KEY: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined)),
  KITE_ACCESS_TOKEN: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined)),
  KITE_TICKER_URL: z.url().default('wss://ws.kite.trade'),
  SUPPORT_EMAIL: z.email().default('support@fnodesk.local'),
  SUPPORT_PHONE: z.string().trim().max(32).default(''),
  BRAND_NAME: z.string().trim().min(1).max(60).default('FNO Desk'),
  WHATSAPP_URL: optionalUrl(['https']),
  TELEGRAM_URL: optionalUrl(['https']),
  YOUTUBE_URL: optionalUrl(['https']),
  BLOG_URL: optionalUrl(['https', 'http']),
  TWITTER_URL: optionalUrl(['https']),
  DEMO_FORM_URL: optionalUrl(['https']),
  SECRETS_KEY: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || base64Key(v), { message: 'expected 32 random bytes in base64' }),
  SECRETS_PREVIOUS_KEYS: list.refine((keys) => keys.every(base64Key), {
    message: 'expected comma-separated keys of 32 random bytes in base64',
  }),
  BROKER_PARTNER_APPS: list.transform((entries, ctx) => {
    const apps: Record<string, { apiKey: string; apiSecret?: string }> = {};
    for (const entry of entries) {
      const match = /^(5paisa|aliceblue|angelone|fyers|dhan)=([^:]+)(?::(.+))?$/.exec(entry);
      if (!match?.[1] || !match[2]) {
        // Never echo the entry: it holds a key.
        ctx.addIssue({
          code: 'custom',
          message: 'expected broker=apiKey[:apiSecret] entries for 5paisa, aliceblue, angelone, fyers or dhan',
        });
        return z.NEVER;
      }
      apps[match[1]] = match[3] ? { apiKey: match[2], apiSecret: match[3] } : { apiKey: match[2] };
    }
    return apps;
  }),
  KITE_API_URL: z.url().default('https://api.kite.trade'),
  KITE_LOGIN_URL: z.url().default('https://kite.zerodha.com/connect/login'),
  /** Per-request timeout of Kite Connect calls (the SDK's default 7 s). */
  KITE_API_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(7_000),
  /** How long an order sent to Kite without a clear answer settles before it is looked for by tag. */
  KITE_ORDER_SETTLE_MS: z.coerce.number().int().min(0).max(30_000).default(1_000),
  KITE_ORDER_RESUME_AFTER_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
});

/** The parsed, frozen configuration. */
export interface Config {
  readonly env: 'production' | 'development' | 'test';
  readonly http: {
    readonly host: string;
    readonly port: number;
    readonly publicUrl: string;
    /** Origins allowed by CORS besides the public URL's own (exact match). */
    readonly corsOrigins: readonly string[];
    readonly trustProxy: boolean;
    /** Largest accepted request body in bytes. */
    readonly bodyLimit: number;
    readonly rateLimitPerMinute: number;
  };
  readonly data: {
    /** Root of everything the server keeps on disk (PGlite database, generated keys). */
    readonly dir: string;
    /** PostgreSQL URL; when absent the embedded PGlite in `<dir>/pg` is used. */
    readonly databaseUrl: string | undefined;
  };
  /** Redis URL for the bus; when absent the in-process bus is used. */
  readonly redisUrl: string | undefined;
  readonly logLevel: string;
  readonly roles: ReadonlySet<Role>;
  readonly shutdownGraceMs: number;
  /** Folder of the built SPA. */
  readonly webDistDir: string;
  readonly mail: {
    /** SMTP server URL; when absent mail goes to the embedded outbox shown at `/dev/mailbox`. */
    readonly smtpUrl: string | undefined;
    readonly from: string;
    /** Serve `/dev/mailbox` to non-loopback clients too. */
    readonly mailboxPublic: boolean;
  };
  /** Google sign-in; absent when `GOOGLE_CLIENT_ID` is unset (the button is then hidden). */
  readonly google:
    | {
        readonly clientId: string;
        readonly jwksUrl: string;
        readonly userinfoUrl: string;
        readonly tokeninfoUrl: string;
      }
    | undefined;
  /**
   * Data tiers (ARCHITECTURE §3): delay for subscribers without a broker login and the delayed pages' refresh; and
   * the seed of the simulated market (the same seed serves the same market).
   */
  readonly market: { readonly delaySubscribedMs: number; readonly refreshMs: number; readonly seed: number };
  /** Order path settings; `testSendDelayMs` (tests only) pauses between the orders of a basket. */
  readonly trading: { readonly testSendDelayMs: number };
  readonly feed: {
    /** Where live ticks come from: the simulated market or Kite's ticker with a platform data account. */
    readonly source: 'sim' | 'kite';
    /** The sim's market hours: `live` follows IST sessions, `replay` replays the last session, `always` stays open. */
    readonly marketClock: 'live' | 'replay' | 'always';
    /**
     * Where a replay stands when this process started (`MARKET_REPLAY_FROM`: IST milliseconds of the day, and the
     * instant the configuration was read); undefined: a replay follows the wall clock.
     */
    readonly replayStart: { readonly msOfDay: number; readonly startedAt: number } | undefined;
    /** How often each feed client's pending ticks are sent. */
    readonly flushMs: number;
    /** Feed URLs the web client rotates through on reconnect; empty = the page's own origin. */
    readonly urls: readonly string[];
    /** Kite ticker credentials of the platform data account (required with `source: 'kite'`). */
    readonly kite: { readonly apiKey: string; readonly accessToken: string; readonly tickerUrl: string } | undefined;
  };
  readonly billing: {
    /** Key of the built-in test checkout's signatures; when unset one is generated once into `<data.dir>`. */
    readonly testPaymentSecret: string | undefined;
    /** Razorpay takes payments when its key id and secret are set; otherwise the built-in test checkout does. */
    readonly razorpay:
      | {
          readonly keyId: string;
          readonly keySecret: string;
          /** Webhook signing secret; the webhook endpoint exists only when it is set. */
          readonly webhookSecret: string | undefined;
          /** Razorpay's API base URL (tests point it at a local fake). */
          readonly apiUrl: string;
        }
      | undefined;
    /** Share of a referred user's payment (before GST) credited to the referrer, in percent. */
    readonly referralPercent: number;
    /** Shown on the payment page and receipts. */
    readonly support: { readonly email: string; readonly phone: string };
  };
  /** What the public site shows about this deployment: the brand, the support channels and the demo form. */
  readonly site: {
    readonly brandName: string;
    /** Support channels shown on the contact page and in the footer; a channel left unset is not shown. */
    readonly channels: {
      readonly email: string;
      readonly phone: string;
      readonly whatsappUrl: string | undefined;
      readonly telegramUrl: string | undefined;
      readonly youtubeUrl: string | undefined;
      readonly blogUrl: string | undefined;
      readonly twitterUrl: string | undefined;
    };
    /** An external form embedded by 'Register for demo'; when unset the site's own form stores the request. */
    readonly demoFormUrl: string | undefined;
  };
  /**
   * Encryption at rest of broker secrets: the current key (`SECRETS_KEY`, else generated once into
   * `<data.dir>/secret.key`) and older keys still readable during a rotation. Never logged.
   */
  readonly secrets: { readonly key: string | undefined; readonly previousKeys: readonly string[] };
  /** Where Kite Connect is (tests point both at a local fake Kite server). */
  readonly kiteConnect: {
    readonly apiUrl: string;
    readonly loginUrl: string;
    readonly timeoutMs: number;
    readonly settleMs: number;
    /** How long after an order's last change a resume asks Kite about it (a send may still be in flight). */
    readonly resumeAfterMs: number;
  };
  /**
   * The platform's own apps at brokers whose users log in through a partner app (5Paisa, Aliceblue, Angel One,
   * Fyers, Dhan), by registry id; a tile without one cannot start a login. Never logged.
   */
  readonly brokerPartnerApps: Readonly<
    Partial<
      Record<
        '5paisa' | 'aliceblue' | 'angelone' | 'fyers' | 'dhan',
        { readonly apiKey: string; readonly apiSecret?: string }
      >
    >
  >;
  readonly accounts: {
    /**
     * Logins and registrations allowed per client address from devices not yet known to the account: a flood guard
     * (300/min, 5,000/h by default); known devices are not counted.
     */
    readonly loginAttemptsPerIpPerMinute: number;
    readonly loginAttemptsPerIpPerHour: number;
  };
}

/** The configuration could not be read; the message names the variable. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Largest accepted request body: 1 MB. */
export const BODY_LIMIT_BYTES = 1_048_576;

/** Milliseconds since midnight of an `HH:MM` time. */
function clockTimeMs(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return (hours * 60 + minutes) * 60_000;
}

/** Parses the environment once into a frozen `Config`, failing fast with the offending variable named. */
export function loadConfig(env: NodeJS.ProcessEnv, cwd: string = process.cwd()): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(environment)'}: ${i.message}`);
    throw new ConfigError(`Invalid environment: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  if ((e.RAZORPAY_KEY_ID === undefined) !== (e.RAZORPAY_KEY_SECRET === undefined)) {
    const missing = e.RAZORPAY_KEY_ID === undefined ? 'RAZORPAY_KEY_ID' : 'RAZORPAY_KEY_SECRET';
    throw new ConfigError(`Invalid environment: ${missing}: required when the other Razorpay key is set`);
  }
  if (e.FEED_SOURCE === 'kite' && (e.KITE_API_KEY === undefined || e.KITE_ACCESS_TOKEN === undefined)) {
    throw new ConfigError('Invalid environment: FEED_SOURCE=kite needs KITE_API_KEY and KITE_ACCESS_TOKEN');
  }
  if (e.TRADING_TEST_SEND_DELAY_MS > 0 && e.NODE_ENV !== 'test') {
    throw new ConfigError('Invalid environment: TRADING_TEST_SEND_DELAY_MS is for tests only (NODE_ENV=test)');
  }
  const roles = e.ROLES.length ? (e.ROLES as Role[]) : [...ROLES];
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  return deepFreeze({
    env: e.NODE_ENV,
    http: {
      host: e.HOST,
      port: e.PORT,
      publicUrl,
      corsOrigins: e.CORS_ORIGINS.map((o) => o.replace(/\/+$/, '')),
      trustProxy: e.TRUST_PROXY,
      bodyLimit: BODY_LIMIT_BYTES,
      rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    },
    data: { dir: resolve(cwd, e.DATA_DIR), databaseUrl: e.DATABASE_URL },
    redisUrl: e.REDIS_URL,
    logLevel: e.LOG_LEVEL,
    roles: new Set(roles),
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    webDistDir: e.WEB_DIST_DIR ? resolve(cwd, e.WEB_DIST_DIR) : resolve(import.meta.dirname, '../../../web/dist'),
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, mailboxPublic: e.DEV_MAILBOX_PUBLIC },
    google: e.GOOGLE_CLIENT_ID
      ? {
          clientId: e.GOOGLE_CLIENT_ID,
          jwksUrl: e.GOOGLE_JWKS_URL,
          userinfoUrl: e.GOOGLE_USERINFO_URL,
          tokeninfoUrl: e.GOOGLE_TOKENINFO_URL,
        }
      : undefined,
    billing: {
      testPaymentSecret: e.TEST_PAYMENT_SECRET,
      razorpay:
        e.RAZORPAY_KEY_ID !== undefined && e.RAZORPAY_KEY_SECRET !== undefined
          ? {
              keyId: e.RAZORPAY_KEY_ID,
              keySecret: e.RAZORPAY_KEY_SECRET,
              webhookSecret: e.RAZORPAY_WEBHOOK_SECRET,
              apiUrl: e.RAZORPAY_API_URL.replace(/\/+$/, ''),
            }
          : undefined,
      referralPercent: e.REFERRAL_PERCENT,
      support: { email: e.SUPPORT_EMAIL, phone: e.SUPPORT_PHONE },
    },
    site: {
      brandName: e.BRAND_NAME,
      channels: {
        email: e.SUPPORT_EMAIL,
        phone: e.SUPPORT_PHONE,
        whatsappUrl: e.WHATSAPP_URL,
        telegramUrl: e.TELEGRAM_URL,
        youtubeUrl: e.YOUTUBE_URL,
        blogUrl: e.BLOG_URL,
        twitterUrl: e.TWITTER_URL,
      },
      demoFormUrl: e.DEMO_FORM_URL,
    },
    market: { delaySubscribedMs: e.DELAY_SUBSCRIBED_MS, refreshMs: e.REFRESH_MS, seed: e.MARKET_SEED },
    trading: { testSendDelayMs: e.TRADING_TEST_SEND_DELAY_MS },
    feed: {
      source: e.FEED_SOURCE,
      marketClock: e.MARKET_CLOCK,
      replayStart:
        e.MARKET_REPLAY_FROM === undefined
          ? undefined
          : { msOfDay: clockTimeMs(e.MARKET_REPLAY_FROM), startedAt: Date.now() },
      flushMs: e.FEED_FLUSH_MS,
      urls: e.FEED_URLS,
      kite:
        e.KITE_API_KEY !== undefined && e.KITE_ACCESS_TOKEN !== undefined
          ? { apiKey: e.KITE_API_KEY, accessToken: e.KITE_ACCESS_TOKEN, tickerUrl: e.KITE_TICKER_URL }
          : undefined,
    },
    secrets: { key: e.SECRETS_KEY, previousKeys: e.SECRETS_PREVIOUS_KEYS },
    kiteConnect: {
      apiUrl: e.KITE_API_URL.replace(/\/+$/, ''),
      loginUrl: e.KITE_LOGIN_URL,
      timeoutMs: e.KITE_API_TIMEOUT_MS,
      settleMs: e.KITE_ORDER_SETTLE_MS,
      resumeAfterMs: e.KITE_ORDER_RESUME_AFTER_MS,
    },
    brokerPartnerApps: e.BROKER_PARTNER_APPS,
    accounts: {
      loginAttemptsPerIpPerMinute: e.LOGIN_ATTEMPTS_PER_IP_PER_MINUTE,
      loginAttemptsPerIpPerHour: e.LOGIN_ATTEMPTS_PER_IP_PER_HOUR,
    },
  });
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !(value instanceof Set)) {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}
