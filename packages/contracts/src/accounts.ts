import { z } from 'zod';
import { textSchema } from './text';

/**
 * Account helpers of `/api/v1` (spec accounts-plans-brokers §3, §5, §7). Requests are validated with these schemas on
 * the server and typed from them on the client.
 */

/**
 * E-mail pattern of spec §5: a local part, `@`, and either a domain whose last label has 2 to 6 letters or an IPv4
 * address in brackets.
 */
export const EMAIL_PATTERN =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@(?:(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,6}|\[(?:(?:25[0-5]|2[0-4]\d|1?\d?\d)\.){3}(?:25[0-5]|2[0-4]\d|1?\d?\d)\])$/;

/** Shortest password the product accepts (spec §9). */
export const PASSWORD_MIN_LENGTH = 8;
/** Longest password accepted: bounds the work a single login can cost the server. */
export const PASSWORD_MAX_LENGTH = 128;
/** Longest name part accepted. */
export const NAME_MAX_LENGTH = 50;

/** Texts shown to people for the rules above; the pages and the server use the same words. */
export const ACCOUNT_MESSAGES = {
  invalidEmail: 'Enter a valid Email address',
  invalidPassword: 'Enter a valid Password',
  firstNameRequired: 'First Name is required',
  lastNameRequired: 'Last Name is required',
  invalidMobile: 'Enter a valid number',
  passwordMismatch: 'Password does not match',
  termsNotAccepted: 'You have not accept the terms and privacy policy',
  forgotInvalidEmail: 'Email a valid Email address',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long`,
  passwordTooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long`,
  passwordTooCommon: 'This password is too common. Please choose one that is harder to guess.',
} as const;

/** A normalised e-mail address (trimmed, lower-cased) matching spec §5. */
export const EmailSchema = textSchema()
  .trim()
  .max(254, ACCOUNT_MESSAGES.invalidEmail)
  .regex(EMAIL_PATTERN, ACCOUNT_MESSAGES.invalidEmail)
  .transform((v) => v.toLowerCase());

/** A new password: length bounds here; the common-password check runs on the server. */
export const NewPasswordSchema = textSchema()
  .min(PASSWORD_MIN_LENGTH, ACCOUNT_MESSAGES.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, ACCOUNT_MESSAGES.passwordTooLong);

/** A password being checked at login (any length up to the maximum; never echoed). */
export const PasswordSchema = textSchema()
  .min(1, ACCOUNT_MESSAGES.invalidPassword)
  .max(PASSWORD_MAX_LENGTH, ACCOUNT_MESSAGES.invalidPassword);

const nameSchema = (message: string) => textSchema().trim().min(1, message).max(NAME_MAX_LENGTH, message);

/**
 * The number types a WhatsApp number may have, as libphonenumber names them: a mobile, or a number its country does
 * not tell apart from one (the United States, Canada). A fixed line (in India, +91 5123456789 or a city's +91 22…)
 * cannot take WhatsApp messages.
 */
export const WHATSAPP_NUMBER_TYPES: readonly string[] = ['MOBILE', 'FIXED_LINE_OR_MOBILE'];

/** A mobile number in international form (`+91…`); its validity per country is checked on the server. */
export const MobileSchema = textSchema()
  .max(32, ACCOUNT_MESSAGES.invalidMobile)
  // People type spaces, dashes and brackets; the number itself is what is checked and stored.
  .transform((v) => v.replace(/[\s()-]/g, ''))
  .pipe(z.string().regex(/^\+[1-9]\d{6,14}$/, ACCOUNT_MESSAGES.invalidMobile));

/** A Google access token or ID token, as the browser got it. */
export const GoogleTokenSchema = textSchema().trim().min(1).max(4096);

/** The host label the request came from (white-label partners), informational. */
const PathSchema = textSchema().trim().max(253).optional();

/** An e-mailed token (verification or reset): 43 url-safe base64 characters = 256 bits. */
export const EmailTokenSchema = textSchema()
  .trim()
  .regex(/^[A-Za-z0-9_-]{20,128}$/, 'This link is invalid or has expired.');

/** `POST user`: registration. A Google registration (gtoken) carries no password. */
export const RegisterRequestSchema = z
  .object({
    firstName: nameSchema(ACCOUNT_MESSAGES.firstNameRequired),
    lastName: nameSchema(ACCOUNT_MESSAGES.lastNameRequired),
    mobile: MobileSchema,
    email: EmailSchema,
    password: NewPasswordSchema.optional(),
    gtoken: GoogleTokenSchema.optional(),
    path: PathSchema,
    referralId: textSchema().trim().max(64).optional(),
  })
  .refine((v) => v.password !== undefined || v.gtoken !== undefined, {
    path: ['password'],
    message: ACCOUNT_MESSAGES.invalidPassword,
  });
/** `POST user` body. */
export type RegisterRequest = z.input<typeof RegisterRequestSchema>;

/** `POST user-login`: with e-mail and password, or with a Google token alone. */
export const LoginRequestSchema = z
  .object({
    email: EmailSchema.optional(),
    password: PasswordSchema.optional(),
    remember: z.boolean().optional(),
    gtoken: GoogleTokenSchema.optional(),
    path: PathSchema,
    /** The token an earlier login on this device returned (`deviceToken`): marks the device as known. */
    deviceToken: textSchema().max(200).optional(),
  })
  .refine((v) => v.gtoken !== undefined || (v.email !== undefined && v.password !== undefined), {
    path: ['email'],
    message: ACCOUNT_MESSAGES.invalidEmail,
  });
/** `POST user-login` body. */
export type LoginRequest = z.input<typeof LoginRequestSchema>;

/** Entitlements and trial flags carried by the session (spec §3). */
export const EntitlementsSchema = z.object({
  activeSubscription: z.boolean(),
  activeTradeSubscription: z.boolean(),
  brokerLoggedIn: z.boolean(),
  /** ISO date-time the Discover plan runs to, or null. */
  subscriptionValidTill: z.string().nullable(),
  /** ISO date-time the QuikTrade plan runs to, or null. */
  tradeSubscriptionValidTill: z.string().nullable(),
  trialAllowed: z.boolean(),
  tradeTrailAllowed: z.boolean(),
});
/** Entitlements and trial flags of a user. */
export type Entitlements = z.infer<typeof EntitlementsSchema>;

/** The §7 login response of a signed-in user. */
export const LoginSessionSchema = EntitlementsSchema.extend({
  gUserRegisterRequired: z.literal(false),
  loginSecret: z.string(),
  email: z.string(),
  userID: z.string(),
  /** The user's private channel id on the feed (ARCHITECTURE §3 `event` messages). */
  webSocketChannel: z.string(),
  userFirstName: z.string(),
  userLastName: z.string(),
  gToken: z.string().nullable(),
  /** Whether the session was made long-lived ("remember me"). */
  remember: z.boolean(),
  /**
   * Marks this device as known to the account: kept by the client and sent with later logins, so failed attempts
   * from elsewhere do not lock it out (optional: older servers do not send it).
   */
  deviceToken: z.string().optional(),
});
/** The §7 login response of a signed-in user. */
export type LoginSession = z.infer<typeof LoginSessionSchema>;

/** The §7 login response for a Google user without an account yet: the registration form is prefilled from it. */
export const GoogleRegistrationSchema = z.object({
  gUserRegisterRequired: z.literal(true),
  email: z.string(),
  userFirstName: z.string(),
  userLastName: z.string(),
  gToken: z.string(),
});
/** Google-registration state (spec §3). */
export type GoogleRegistration = z.infer<typeof GoogleRegistrationSchema>;

/**
 * The `POST user-login` answer when two-factor sign-in is on: the password (or Google) step passed, and
 * `POST user-login-totp` with this challenge and a code completes the login. No login secret yet.
 */
export const TotpChallengeSchema = z.object({ totpRequired: z.literal(true), challengeId: z.string() });
/** The two-factor step of a login. */
export type TotpChallenge = z.infer<typeof TotpChallengeSchema>;

/** `POST user-login` data. */
export const LoginResponseSchema = z.union([TotpChallengeSchema, LoginSessionSchema, GoogleRegistrationSchema]);
/** `POST user-login` data. */
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

/** `POST user` data: either "check your e-mail", or (Google registration) the user is signed in at once. */
export const RegisterResponseSchema = z.discriminatedUnion('verificationRequired', [
  z.object({ verificationRequired: z.literal(true), email: z.string() }),
  z.object({ verificationRequired: z.literal(false), email: z.string(), session: LoginSessionSchema }),
]);
/** `POST user` data. */
export type RegisterResponse = z.infer<typeof RegisterResponseSchema>;

/** A code from the authenticator app (6 digits) or one of the recovery codes. */
export const TotpCodeSchema = textSchema()
  .trim()
  .min(6, 'Enter the code from your authenticator app.')
  .max(32, 'Enter the code from your authenticator app.');

/** `POST user-login-totp`: completes a login that answered `totpRequired`. Data: the usual login session. */
export const LoginTotpRequestSchema = z.object({
  challengeId: textSchema().trim().min(20).max(128),
  code: TotpCodeSchema,
});
/** `POST user-login-totp` body. */
export type LoginTotpRequest = z.input<typeof LoginTotpRequestSchema>;

/** `POST user-totp-setup` (signed in): the password again; answers a new seed to confirm with a code. */
export const TotpSetupRequestSchema = z.object({ password: PasswordSchema });
/** `POST user-totp-setup` data: the seed in base32 and the `otpauth://` URI the QR code carries. */
export const TotpSetupSchema = z.object({ secret: z.string(), otpauthUrl: z.string() });
/** `POST user-totp-setup` data. */
export type TotpSetup = z.infer<typeof TotpSetupSchema>;

/** `POST user-totp-enable` (signed in): a code from the app, proving it holds the new seed. */
export const TotpEnableRequestSchema = z.object({ code: TotpCodeSchema });
/** `POST user-totp-enable` data: the 10 single-use recovery codes, shown this once. */
export const TotpEnabledSchema = z.object({ recoveryCodes: z.array(z.string()) });
/** `POST user-totp-enable` data. */
export type TotpEnabled = z.infer<typeof TotpEnabledSchema>;

/** `POST user-totp-disable` (signed in): the password and a code (or a recovery code). */
export const TotpDisableRequestSchema = z.object({ password: PasswordSchema, code: TotpCodeSchema });

/** `POST verify-email`. */
export const VerifyEmailRequestSchema = z.object({ token: EmailTokenSchema });
/** `POST verify-email` data: the status word shown as 'Your Account has been {data}'. */
export const VerifyEmailResponseSchema = z.string();

/** `POST resend-verification`: the same answer whether or not the address is registered. */
export const ResendVerificationRequestSchema = z.object({ email: EmailSchema });

/** `POST user-logout`. */
export const LogoutRequestSchema = z.object({
  loginSecret: textSchema().max(512).optional(),
  email: textSchema().max(254).optional(),
});

/** `POST password-reset-request`: the same answer whether or not the account exists. */
export const PasswordResetRequestSchema = z.object({ email: EmailSchema });

/** `POST password-reset`. */
export const PasswordResetSchema = z.object({ resetToken: EmailTokenSchema, password: NewPasswordSchema });

/** `POST change-password` (signed in): ends the user's other sessions. */
export const ChangePasswordSchema = z.object({ currentPassword: PasswordSchema, newPassword: NewPasswordSchema });

/** A message-only answer (`data` is a sentence for people). */
export const MessageResponseSchema = z.string();

/** `GET user-profile` data (spec §3 Profile). */
export const ProfileSchema = z.object({
  email: z.string(),
  mobile: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  emailVerified: z.boolean(),
  /** ISO date-time of sign-up. */
  createdAt: z.string(),
  signInMethods: z.array(z.enum(['password', 'google'])),
  /** Whether two-factor sign-in (TOTP) is on (optional: older servers do not send it). */
  totpEnabled: z.boolean().optional(),
});
/** `GET user-profile` data. */
export type Profile = z.infer<typeof ProfileSchema>;

/** `PUT user-profile`: names and mobile (the e-mail is the account's identity and is not changed here). */
export const ProfileUpdateSchema = z.object({
  firstName: nameSchema(ACCOUNT_MESSAGES.firstNameRequired),
  lastName: nameSchema(ACCOUNT_MESSAGES.lastNameRequired),
  mobile: MobileSchema,
});
/** `PUT user-profile` body. */
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>;

/** Kinds of account activity recorded. */
export const ACTIVITY_KINDS = [
  'registered',
  'email_verified',
  'login',
  'login_failed',
  'logout',
  'password_reset_requested',
  'password_reset',
  'password_changed',
  'profile_updated',
  'login_locked',
  'totp_enabled',
  'totp_disabled',
] as const;
/** A kind of account activity. */
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

/** Where an activity came from. */
export const ACTIVITY_SOURCES = ['web', 'google', 'email', 'system'] as const;
/** Where an activity came from. */
export type ActivitySource = (typeof ACTIVITY_SOURCES)[number];

const instantParam = z.union([
  textSchema()
    .regex(/^\d{1,15}$/)
    .transform(Number),
  z.iso.datetime({ offset: true }).transform((v) => Date.parse(v)),
  z.iso.date().transform((v) => Date.parse(`${v}T00:00:00+05:30`)),
]);

/** `GET user/activity` query: `from`/`to` as epoch ms, ISO date-time or ISO date (IST), `source` optional. */
export const ActivityQuerySchema = z.object({
  from: instantParam.optional(),
  to: instantParam.optional(),
  source: z.enum(ACTIVITY_SOURCES).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
});

/** One account activity entry. */
export const ActivityEntrySchema = z.object({
  at: z.string(),
  kind: z.enum(ACTIVITY_KINDS),
  source: z.enum(ACTIVITY_SOURCES),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
/** One account activity entry. */
export type ActivityEntry = z.infer<typeof ActivityEntrySchema>;

/** `GET user/activity` data, newest first. */
export const ActivityResponseSchema = z.object({ activities: z.array(ActivityEntrySchema) });

/** `GET login-check` data (spec §3 login-status object). */
export const LoginCheckSchema = z.object({
  activeSubscription: z.boolean(),
  activeTradeSubscription: z.boolean(),
  brokerLoggedIn: z.boolean(),
  /** Broker accounts the user may trade at once: the QuikTrade plan's plus add-ons (0 without a QuikTrade plan). */
  accounts: z.number().int().nonnegative(),
});
/** `GET login-check` data. */
export type LoginCheck = z.infer<typeof LoginCheckSchema>;

/** Support channels of the deployment (spec §2 Contact Us); a channel that is not configured is null or empty. */
export const SupportChannelsSchema = z.object({
  email: z.string(),
  /** Empty when no phone line is offered. */
  phone: z.string(),
  whatsappUrl: z.string().nullable(),
  telegramUrl: z.string().nullable(),
  youtubeUrl: z.string().nullable(),
  blogUrl: z.string().nullable(),
  twitterUrl: z.string().nullable(),
});
/** Support channels of the deployment. */
export type SupportChannels = z.infer<typeof SupportChannelsSchema>;

/** The live feed as the web client needs it (ARCHITECTURE §3). */
export const PublicFeedConfigSchema = z.object({
  /** WebSocket URLs of the feed, rotated on reconnect; empty means `/feed/v1` on the page's own origin. */
  urls: z.array(z.string()),
  /** How often delayed-tier pages refresh (from the next minute boundary), in ms. */
  refreshMs: z.number().int().positive(),
  /** Every price on the feed is a past session played again (`MARKET_CLOCK=replay`): pages show 'Replay'. */
  replay: z.boolean(),
  /** The simulated market never closes (`MARKET_CLOCK=always`, tests and demos): pages treat it as open at any hour. */
  alwaysOpen: z.boolean().optional(),
});
/** The live feed's public settings. */
export type PublicFeedConfig = z.infer<typeof PublicFeedConfigSchema>;

/** `GET public-config` data: what the signed-out pages need to know about this deployment. */
export const PublicConfigSchema = z.object({
  /** Google sign-in client id; the Google button is hidden when null. */
  googleClientId: z.string().nullable(),
  version: z.string(),
  /** The product name shown as the logo text and in page titles. */
  brandName: z.string(),
  channels: SupportChannelsSchema,
  /** External form embedded by 'Register for demo'; null when the site's own form takes the request. */
  demoFormUrl: z.string().nullable(),
  /** Feed URLs, refresh interval and replay flag (always sent by this server; optional for older servers). */
  feed: PublicFeedConfigSchema.optional(),
});
/** `GET public-config` data. */
export type PublicConfig = z.infer<typeof PublicConfigSchema>;
