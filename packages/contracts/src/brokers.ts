import { z } from 'zod';
import { textSchema } from './text';

/**
 * The v1 `brokers` API (accounts spec §3, §7): broker accounts, their login life cycle and the enable-for-trading
 * allowance. Secrets never travel in full: the API secret and TOTP seed come back masked to their last 4 characters
 * unless revealed with the password again.
 */

/** Broker account `type` strings (accounts §3). */
export const BROKER_TYPES = [
  'papertrading',
  'zerodha',
  'firstock',
  'kotakneo',
  'flattrade',
  'shoonya',
  '5paisa',
  'angelone',
  'xts',
  'dhan',
  'fyers',
  'upstox',
  'aliceblue',
  'icici',
] as const;
/** A broker account's `type`. */
export const BrokerTypeSchema = z.enum(BROKER_TYPES);
/** A broker account's `type`. */
export type BrokerType = z.infer<typeof BrokerTypeSchema>;

/** XTS flavours carried in `subType`. */
export const XTS_SUB_TYPES = ['jainam', 'openxts', 'jainamduck'] as const;

/** Login type codes 0–15 (accounts §3). */
export const LOGIN_TYPE_CODES = {
  zerodha: 0,
  aliceblue: 1,
  fyers: 2,
  icici: 3,
  angelone: 4,
  fivePaisa: 5,
  jainamDuck: 6,
  upstox: 7,
  dhan: 8,
  flattrade: 9,
  shoonya: 10,
  xtsOpen: 11,
  paperTrading: 12,
  xtsProp: 13,
  kotakNeo: 14,
  firstock: 15,
} as const;
/** A login type code. */
export type LoginTypeCode = (typeof LOGIN_TYPE_CODES)[keyof typeof LOGIN_TYPE_CODES];

/** Broker account status (accounts §4); the UI shows anything else as 'Error'. */
export const BrokerStatusSchema = z.enum(['loggedIn', 'loggedOut', 'submitted']);
/** Broker account status. */
export type BrokerStatus = z.infer<typeof BrokerStatusSchema>;

/** The messages of accounts §5 and §8 that the server sends or the pages show. */
export const BROKER_MESSAGES = {
  loggedIn: (userName: string) => `Broker Account – ${userName} logged in successfully`,
  loggedOut: (userName: string) => `Broker Account – ${userName} logged out successfully`,
  /** Said beside the logout toast when the account was enabled for trading: logging out switched that off. */
  tradingSwitchedOff: (userName: string) =>
    `'Enable for trading' is now off for ${userName}. Tick it again after you log in to trade with this account.`,
  deleted: (userName: string) => `Broker Account – ${userName} Deleted successfully`,
  defaultUpdated: (type: string, userName: string) => `Default broker account updated as ${type}-${userName}`,
  autoLoginUpdated: (type: string, userName: string) => `Auto Login Updated for ${type}-${userName}`,
  tryLater: 'Please try again later',
  contactSupport: 'Something went wrong. Please contact support!',
  nameUsed: 'broker name already used',
  totpRequired: 'You need to enter TOTP!',
  allowance: (n: number) =>
    `You can trade only ${n} account at a time. Please purchase addon plan to trade more accounts at the same time.`,
  noTradePlan: 'You do not have valid plan for QuikTrade. Please purchase plan to continue.',
  selectAccount: 'Please select an account for QuikTrade',
  loginWithBroker: 'Please login with a broker to use QuikTrade',
  noAccounts: 'No Broker Accounts',
  sessionExpired: 'session expired',
  defaultBrokerNotLoggedIn: 'Default Broker not Logged In. Click Here To Login.',
  // Texts the spec does not show, written for the server's refusals and notices.
  quickTradeUnsupported: 'ICICI Direct accounts cannot be enabled for trading.',
  freePlanPaperOnly:
    'The Free plan trades on paper only. Please purchase a QuikTrade plan to trade with your broker account.',
  loginBeforeTrading: (type: string, userName: string) =>
    `Login to ${type}-${userName} before enabling it for trading.`,
  loginLinkInvalid: 'This broker login link is not valid. Please start the login again.',
  loginLinkExpired: 'This broker login link has expired. Please start the login again.',
  loginLinkUsed: 'This broker login link has already been used. Please start the login again.',
  notLoggedIn: (type: string, userName: string) => `Broker Account – ${type}-${userName} is not logged in.`,
  sessionEnded: (userName: string) =>
    `Broker Account – ${userName} logged out: broker sessions end at 06:00 IST every day. Please login again.`,
  wrongPassword: 'The password is not correct.',
} as const;

/** `configuration` of `POST brokers`. */
export const BrokerConfigurationSchema = z.object({
  userName: textSchema().trim().min(1).max(64),
  apiKey: textSchema().trim().max(256).optional(),
  secret: textSchema().trim().max(256).optional(),
  totpSecret: textSchema().trim().max(256).optional(),
});

/** `POST brokers` body (accounts §7). */
export const AddBrokerRequestSchema = z.object({
  name: textSchema().trim().min(1).max(64),
  type: BrokerTypeSchema,
  subType: z.enum(XTS_SUB_TYPES).optional(),
  autoLogin: z.boolean().optional(),
  /** 'apikey' for Upstox, otherwise 'partner'. */
  loginType: z.enum(['apikey', 'partner']).optional(),
  configuration: BrokerConfigurationSchema,
});
/** `POST brokers` body. */
export type AddBrokerRequest = z.input<typeof AddBrokerRequestSchema>;

/** `PUT brokers/{id}` body: exactly one of the three switches. */
export const UpdateBrokerRequestSchema = z
  .object({ isDefault: z.boolean(), autoLogin: z.boolean(), quickTrade: z.boolean() })
  .partial()
  .refine((v) => Object.keys(v).length === 1, { message: 'Send one of isDefault, autoLogin or quickTrade' });
/** `PUT brokers/{id}` body. */
export type UpdateBrokerRequest = z.input<typeof UpdateBrokerRequestSchema>;

/** One broker account as its owner sees it (accounts §3). */
export const BrokerAccountSchema = z.object({
  id: z.string(),
  type: BrokerTypeSchema,
  subType: z.string().nullable(),
  name: z.string(),
  userName: z.string(),
  status: BrokerStatusSchema,
  isDefault: z.boolean(),
  autoLogin: z.boolean(),
  quickTrade: z.boolean(),
  apiKey: z.string().nullable(),
  /** Masked to the last 4 characters (`••••abcd`) unless revealed. */
  secret: z.string().nullable(),
  /** Masked to the last 4 characters unless revealed. */
  totpSecret: z.string().nullable(),
  /**
   * The broker session's access token, masked to its last 4 characters (`••••abcd`); null when logged out. Copy
   * fetches it in full through `POST brokers/{id}/reveal`.
   */
  apiToken: z.string().nullable(),
  /** ISO date-time of the last token. */
  tokenCreationTime: z.string().nullable(),
  /**
   * Where the browser goes to log in (the broker's login page, or the app's own callback for Paper Trading), with a
   * fresh `state` valid for 10 minutes; empty when the login cannot start (e.g. no API key yet).
   * `GET brokers/{id}/login` gives a new one.
   */
  manualLoginURL: z.string(),
  collectPasswordForLogin: z.boolean(),
  collectTOTPForLogin: z.boolean(),
  loginType: z.number().int().min(0).max(15),
  /** Zerodha: where Kite sends the browser back and the order postbacks, for the user's Kite Connect app. */
  callbackUrl: z.string().nullable(),
  postbackUrl: z.string().nullable(),
  /**
   * How many times a QuikTrade fan-out line's quantity this account trades (`PUT brokers/{id}/multiplier`); 1 when
   * an older server leaves it out.
   */
  tradeMultiplier: z.number().int().min(1).default(1),
});
/** One broker account. */
export type BrokerAccount = z.infer<typeof BrokerAccountSchema>;

/** `GET brokers` data. */
export const BrokerListSchema = z.object({ brokers: z.array(BrokerAccountSchema) });
/** `GET brokers` data. */
export type BrokerList = z.infer<typeof BrokerListSchema>;

/** `GET brokers` query: only the accounts of one status. */
export const BrokerListQuerySchema = z.object({ status: BrokerStatusSchema.optional() });

/** `{id}` of the `brokers/{id}…` routes (any text; an id that is not the caller's answers 404). */
export const BrokerIdParamsSchema = z.object({ id: textSchema().min(1).max(64) });

/** `GET brokers/{id}/login` query: the TOTP the user typed, when the broker wants one. */
export const BrokerLoginQuerySchema = z.object({ totp: textSchema().trim().max(32).optional() });

/** `GET brokers/{id}/login` data. */
export const BrokerLoginUrlSchema = z.object({ loginUrl: z.string() });

/** `POST brokers/callback` body: every query parameter the callback page received, plus its type. */
export const BrokerCallbackRequestSchema = z.object({
  type: BrokerTypeSchema,
  params: z.record(textSchema().max(256), textSchema().max(4096)),
});
/** `POST brokers/callback` body. */
export type BrokerCallbackRequest = z.input<typeof BrokerCallbackRequestSchema>;

/**
 * `POST brokers/{id}/reveal` body: the password again, to show the secret, TOTP seed and access token in full; with
 * two-factor sign-in on, a code from the authenticator app (or a recovery code) too.
 */
export const RevealBrokerSecretsRequestSchema = z.object({
  password: textSchema().min(1).max(256),
  code: textSchema().trim().min(6).max(32).optional(),
});

/** `POST brokers/{id}/reveal` data. */
export const RevealedBrokerSecretsSchema = z.object({
  secret: z.string().nullable(),
  totpSecret: z.string().nullable(),
  /** The broker session's access token; null when the account is not logged in. */
  apiToken: z.string().nullable(),
});
/** `POST brokers/{id}/reveal` data. */
export type RevealedBrokerSecrets = z.infer<typeof RevealedBrokerSecretsSchema>;

/** `GET brokers/{id}/details` data. */
export const BrokerDetailsSchema = z.object({
  userName: z.string(),
  userShortName: z.string().nullable(),
  email: z.string().nullable(),
  exchanges: z.array(z.string()),
  availableCash: z.number().nullable(),
  usedMargin: z.number().nullable(),
  netMargin: z.number().nullable(),
});
/** `GET brokers/{id}/details` data. */
export type BrokerDetails = z.infer<typeof BrokerDetailsSchema>;

/**
 * The broker id a Paper Trading account shows (spec: it is added under the user's own id): the first eight hex
 * digits of the user's id, upper-cased after `PT-`, so the list and the toasts read `PT-3F9A2C1B` rather than a UUID.
 * One Paper Trading account per user, so it stays unique where the broker id must be.
 */
export function paperBrokerId(userId: string): string {
  return `PT-${userId.replace(/-/g, '').slice(0, 8).toUpperCase()}`;
}
