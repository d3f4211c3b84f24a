import { createHash, randomBytes } from 'node:crypto';
import {
  ACCOUNT_MESSAGES,
  type ActivityEntry,
  type ActivityKind,
  type ActivitySource,
  type GoogleRegistration,
  type LoginCheck,
  type LoginSession,
  type Profile,
  type ProfileUpdate,
  type RegisterResponse,
  type TotpChallenge,
  type TotpEnabled,
  type TotpSetup,
  WHATSAPP_NUMBER_TYPES,
} from '@fnodesk/contracts';
import type { Clock } from '@fnodesk/domain';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { isValidPhoneNumber, parsePhoneNumberWithError } from 'libphonenumber-js/max';
import type { AuthUser } from '../../platform/auth';
import { AppError, errors } from '../../platform/errors';
import { isUniqueViolation } from '@fnodesk/db';
import type { AccountsRepository, UserRow } from './accounts.repository';
import { isCommonPassword } from './common-passwords';
import type { DeviceTokens, KnownDevice } from './device-tokens';
import type { EntitlementsProvider } from './entitlements';
import type { GoogleIdentity, GoogleVerifier } from './google-verifier';
import { loginLockedMail, passwordResetMail, registrationAttemptMail, verificationMail } from './mail/mail-templates';
import type { Mailer, MailMessage } from './mail/mail.port';
import type { PasswordHasher } from './password-hasher';
import { clientOf, type SessionService } from './session.service';
import type { Throttle, ThrottleLimit } from './throttle';
import type { TwoFactor } from './two-factor';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/** A login's two-factor step: how long it waits for the code and how many tries it takes. */
export const TOTP_CHALLENGE = { lifetimeMs: 5 * MINUTE, maxAttempts: 5 } as const;

/** What re-checking a signed-in user's credentials found (before secrets are shown). */
export type Reauthentication = 'ok' | 'wrong-password' | 'code-required' | 'wrong-code';

/** Lifetimes of e-mailed tokens. */
export const TOKEN_LIFETIMES = { verify: 24 * HOUR, reset: 15 * MINUTE } as const;

/**
 * Abuse limits (G9). Guessing is bounded on the account (failures from devices it does not know, and password checks
 * of signed-in users) and on each known device; the per-address limits are a coarse flood guard only, as one carrier
 * NAT address carries thousands of subscribers, and known devices are not counted in them.
 */
export interface AccountLimits {
  /** Failed password checks per account from unknown devices, reveals and password changes together. */
  readonly failedLoginsPerAccount: ThrottleLimit;
  /** Failed logins per known device of an account. */
  readonly failedLoginsPerDevice: ThrottleLimit;
  readonly loginAttemptsPerIp: readonly ThrottleLimit[];
  readonly resetMailsPerAccount: ThrottleLimit;
  readonly resetRequestsPerIp: ThrottleLimit;
  readonly registrationsPerIp: readonly ThrottleLimit[];
}

const PER_ADDRESS_FLOOD_GUARD: readonly ThrottleLimit[] = [
  { max: 300, windowMs: MINUTE },
  { max: 5_000, windowMs: HOUR },
];

/** Default abuse limits. */
export const DEFAULT_ACCOUNT_LIMITS: AccountLimits = {
  failedLoginsPerAccount: { max: 10, windowMs: HOUR },
  failedLoginsPerDevice: { max: 5, windowMs: HOUR },
  loginAttemptsPerIp: PER_ADDRESS_FLOOD_GUARD,
  resetMailsPerAccount: { max: 3, windowMs: HOUR },
  resetRequestsPerIp: { max: 15, windowMs: HOUR },
  registrationsPerIp: PER_ADDRESS_FLOOD_GUARD,
};

/** Messages of this module that people read. */
export const ACCOUNTS_TEXT = {
  emailTaken: 'An account with this email address already exists. Please log in or reset your password.',
  invalidCredentials: 'Invalid email or password.',
  notVerified:
    'Your email address is not verified yet. Please open the link we sent you, or ask for a new verification email.',
  verifyLinkInvalid: 'This verification link is invalid, has already been used or has expired.',
  resetLinkInvalid: 'This password reset link is invalid, has already been used or has expired.',
  googleInvalid: 'Google sign-in could not be verified. Please try again.',
  googleMismatch: 'The Google account does not match this email address.',
  googleUnavailable: 'Google sign-in is not available.',
  verified: 'Verified',
  verificationSent: 'If an unverified account exists for this email address, a new verification link has been sent.',
  resetSent: 'If an account exists for this email address, we have sent a link to reset its password.',
  passwordReset: 'Password has been successfully reset',
  passwordChanged: 'Your password has been changed. You have been signed out on your other devices.',
  currentPasswordWrong: 'The current password is not correct.',
  loggedOut: 'You have been logged out.',
  totpInvalid: 'The code is not correct, or has been used already. Please enter the current code from your app.',
  totpChallengeInvalid: 'This sign-in has expired or had too many wrong codes. Please log in again.',
  totpDisabled: 'Two-factor sign-in is off.',
} as const;

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Throttle bucket names; e-mail addresses are hashed so the table holds no addresses. */
const bucket = {
  loginFail: (email: string) => `login-fail:${sha256(email)}`,
  loginDevice: (deviceId: string) => `login-device:${deviceId}`,
  loginIp: (ip: string) => `login-ip:${ip}`,
  resetMail: (email: string) => `reset-mail:${sha256(email)}`,
  resetIp: (ip: string) => `reset-ip:${ip}`,
  registerIp: (ip: string) => `register-ip:${ip}`,
  lockMail: (email: string) => `lock-mail:${sha256(email)}`,
  registerMail: (email: string) => `register-mail:${sha256(email)}`,
};

function refuse(verdict: { allowed: false; retryAfterSeconds: number }): AppError {
  return errors.rateLimited(verdict.retryAfterSeconds);
}

/**
 * Normalises a WhatsApp number to E.164, or throws the spec's validation message: it must be valid for its country
 * and not a fixed line.
 */
export function normaliseMobile(mobile: string): string {
  if (!isValidPhoneNumber(mobile)) throw errors.validation('mobile', ACCOUNT_MESSAGES.invalidMobile);
  const parsed = parsePhoneNumberWithError(mobile);
  const type = parsed.getType();
  if (type === undefined || !WHATSAPP_NUMBER_TYPES.includes(type)) {
    throw errors.validation('mobile', ACCOUNT_MESSAGES.invalidMobile);
  }
  return parsed.number;
}

function checkNewPassword(password: string, field: string): void {
  if (isCommonPassword(password)) throw errors.validation(field, ACCOUNT_MESSAGES.passwordTooCommon);
}

/** Everything the accounts service needs. */
export interface AccountsServiceDeps {
  repository: AccountsRepository;
  sessions: SessionService;
  hasher: PasswordHasher;
  throttle: Throttle;
  devices: DeviceTokens;
  twoFactor: TwoFactor;
  mailer: Mailer;
  entitlements: EntitlementsProvider;
  google: GoogleVerifier | undefined;
  clock: Clock;
  logger: FastifyBaseLogger;
  publicUrl: string;
  limits: AccountLimits;
}

/** Registration, verification, login, logout, password reset and change, profile and activity. */
export function createAccountsService(deps: AccountsServiceDeps) {
  const { repository, sessions, hasher, throttle, devices, twoFactor, clock, limits } = deps;
  // A real argon2id hash to check against when the account does not exist, so the answer takes as long either way.
  const dummyHash = hasher.hash(randomBytes(16).toString('hex'));
  // Mails sent after the answer (so timing does not tell whether an account exists); tests await them.
  const background = new Set<Promise<void>>();

  const now = () => new Date(clock.now());

  async function record(
    userId: string,
    kind: ActivityKind,
    source: ActivitySource,
    request: FastifyRequest | undefined,
  ): Promise<void> {
    await repository.insertActivity({ userId, kind, source, at: now(), ...clientOf(request) });
  }

  async function send(message: MailMessage): Promise<void> {
    try {
      await deps.mailer.send(message);
    } catch (err) {
      // The account change stands; the user can ask for the mail again. Log the kind only, never the body.
      deps.logger.error({ err, mail: { kind: message.kind } }, 'mail could not be sent');
    }
  }

  function later(work: () => Promise<void>): void {
    const task = work().catch((err: unknown) => deps.logger.error({ err }, 'background account task failed'));
    background.add(task);
    void task.finally(() => background.delete(task));
  }

  async function issueToken(userId: string, purpose: 'verify' | 'reset'): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const at = clock.now();
    await repository.insertEmailToken({
      userId,
      purpose,
      tokenHash: sha256(token),
      createdAt: new Date(at),
      expiresAt: new Date(at + TOKEN_LIFETIMES[purpose]),
    });
    return token;
  }

  const link = (path: string, token: string) => `${deps.publicUrl}${path}?token=${encodeURIComponent(token)}`;

  async function sendVerification(user: UserRow): Promise<void> {
    const token = await issueToken(user.id, 'verify');
    await send(verificationMail(user.email, user.firstName, link('/authentication/confirm-mail', token)));
  }

  async function sendReset(user: UserRow): Promise<void> {
    await repository.voidEmailTokens(user.id, 'reset', now());
    const token = await issueToken(user.id, 'reset');
    const minutes = TOKEN_LIFETIMES.reset / MINUTE;
    await send(passwordResetMail(user.email, user.firstName, link('/authentication/reset-password', token), minutes));
  }

  /** Tells an account's owner that someone tried to register with their e-mail (at most 3 such mails an hour). */
  async function noticeRegistrationAttempt(email: string): Promise<void> {
    const user = await repository.findUserByEmail(email);
    if (!user) return;
    const verdict = await throttle.take(bucket.registerMail(email), [limits.resetMailsPerAccount]);
    if (!verdict.allowed) return;
    await send(
      registrationAttemptMail(user.email, user.firstName, {
        login: `${deps.publicUrl}/authentication/login`,
        forgotPassword: `${deps.publicUrl}/authentication/forgot-password`,
      }),
    );
  }

  async function sessionFor(
    user: UserRow,
    options: {
      remember: boolean;
      source: ActivitySource;
      request: FastifyRequest | undefined;
      gToken: string | null;
      /** The device token the login came with, kept when it is this account's; otherwise a new one is issued. */
      deviceToken?: string | undefined;
    },
  ): Promise<LoginSession> {
    const created = await sessions.create(user.id, {
      remember: options.remember,
      ...(options.request ? { request: options.request } : {}),
    });
    await record(user.id, 'login', options.source, options.request);
    const entitlements = await deps.entitlements.forUser(user.id);
    return {
      ...entitlements,
      gUserRegisterRequired: false,
      loginSecret: created.secret,
      email: user.email,
      userID: user.id,
      webSocketChannel: user.websocketChannel,
      userFirstName: user.firstName,
      userLastName: user.lastName,
      gToken: options.gToken,
      remember: options.remember,
      deviceToken:
        options.deviceToken !== undefined && knownDevice(options.deviceToken, user)
          ? options.deviceToken
          : devices.issue(user.id),
    };
  }

  /** The device behind a login's token when it was issued for this very account. */
  function knownDevice(token: string | undefined, user: UserRow | undefined): KnownDevice | undefined {
    const device = devices.read(token);
    return device && user && device.userId === user.id ? device : undefined;
  }

  async function verifyGoogle(token: string): Promise<GoogleIdentity> {
    if (!deps.google) throw new AppError('GOOGLE_LOGIN_UNAVAILABLE', ACCOUNTS_TEXT.googleUnavailable);
    let who: GoogleIdentity | null;
    try {
      who = await deps.google.verify(token);
    } catch (err) {
      deps.logger.warn({ err }, 'google token check failed');
      who = null;
    }
    if (!who) throw new AppError('GOOGLE_TOKEN_INVALID', ACCOUNTS_TEXT.googleInvalid);
    return who;
  }

  async function insertUser(values: Parameters<AccountsRepository['insertUser']>[0]): Promise<UserRow> {
    try {
      return await repository.insertUser(values);
    } catch (error) {
      if (isUniqueViolation(error, 'users_email_key')) {
        throw new AppError('EMAIL_TAKEN', ACCOUNTS_TEXT.emailTaken, { field: 'email' });
      }
      throw error;
    }
  }

  async function takeOrRefuse(name: string, limitList: readonly ThrottleLimit[]): Promise<void> {
    const verdict = await throttle.take(name, limitList);
    if (!verdict.allowed) throw refuse(verdict);
  }

  function toProfile(user: UserRow): Profile {
    const methods: Profile['signInMethods'] = [];
    if (user.passwordHash) methods.push('password');
    if (user.googleSub) methods.push('google');
    return {
      email: user.email,
      mobile: user.mobile,
      firstName: user.firstName,
      lastName: user.lastName,
      emailVerified: user.emailVerifiedAt !== null,
      createdAt: user.createdAt.toISOString(),
      signInMethods: methods,
      totpEnabled: twoFactor.isOn(user),
    };
  }

  async function requireUser(userId: string): Promise<UserRow> {
    const user = await repository.findUserById(userId);
    if (!user) throw errors.sessionExpired();
    return user;
  }

  /**
   * The two-factor step of a login whose first step passed: a challenge the client completes with a code. The
   * failure budget the first step counted in is not cleared until the code is right, so wrong codes count there too.
   */
  async function totpChallenge(
    user: UserRow,
    options: { remember: boolean; source: ActivitySource; deviceToken: string | undefined; failBucket: string },
  ): Promise<TotpChallenge> {
    const challengeId = randomBytes(32).toString('base64url');
    const at = clock.now();
    await repository.insertLoginChallenge({
      userId: user.id,
      challengeHash: sha256(challengeId),
      remember: options.remember,
      source: options.source,
      deviceToken: knownDevice(options.deviceToken, user) ? (options.deviceToken ?? null) : null,
      throttleBucket: options.failBucket,
      createdAt: new Date(at),
      expiresAt: new Date(at + TOTP_CHALLENGE.lifetimeMs),
    });
    if (at - lastChallengePrune > 10 * MINUTE) {
      lastChallengePrune = at;
      await repository.pruneLoginChallenges(new Date(at - HOUR));
    }
    return { totpRequired: true, challengeId };
  }
  let lastChallengePrune = 0;

  /** The failure limit of a throttle bucket a challenge names. */
  const limitOfBucket = (name: string): ThrottleLimit =>
    name.startsWith('login-device:') ? limits.failedLoginsPerDevice : limits.failedLoginsPerAccount;

  /**
   * Re-checks a signed-in user's password (and code, with two-factor sign-in on) within the account's failed-login
   * budget, shared with logins from unknown devices; once the budget is spent it answers 429.
   */
  async function reauthenticate(user: UserRow, password: string, code: string | undefined): Promise<Reauthentication> {
    const failBucket = bucket.loginFail(user.email);
    const verdict = await throttle.take(failBucket, [limits.failedLoginsPerAccount]);
    if (!verdict.allowed) throw refuse(verdict);
    const ok = user.passwordHash !== null && (await hasher.verify(user.passwordHash, password));
    if (!ok) return 'wrong-password';
    if (twoFactor.isOn(user)) {
      if (code === undefined) return 'code-required';
      if (!(await twoFactor.verify(user, code))) return 'wrong-code';
    }
    await throttle.clear(failBucket);
    return 'ok';
  }

  /** Mails the owner a reset link once the account's budget for unknown devices is spent (at most 3 an hour). */
  async function warnWhenLocked(user: UserRow, email: string, request: FastifyRequest): Promise<void> {
    const { count } = await repository.countThrottle(
      bucket.loginFail(email),
      new Date(clock.now() - limits.failedLoginsPerAccount.windowMs),
    );
    if (count < limits.failedLoginsPerAccount.max) return;
    later(async () => {
      const mailVerdict = await throttle.take(bucket.lockMail(email), [limits.resetMailsPerAccount]);
      if (!mailVerdict.allowed) return;
      await record(user.id, 'login_locked', 'system', request);
      await repository.voidEmailTokens(user.id, 'reset', now());
      const token = await issueToken(user.id, 'reset');
      const minutes = Math.round(limits.failedLoginsPerAccount.windowMs / MINUTE);
      await send(loginLockedMail(user.email, user.firstName, link('/authentication/reset-password', token), minutes));
    });
  }

  return {
    /** Resolves when every mail queued in the background has been handed to the mailer. */
    async settled(): Promise<void> {
      while (background.size > 0) await Promise.all([...background]);
    },

    /**
     * `POST user`: a new account. With a Google token the account is verified and signed in at once. A password
     * registration answers an e-mail that already has an account exactly as a new one (same status and body, the
     * password hashed all the same, every mail sent after the answer) and mails its owner instead, so the answer
     * does not tell who has an account. A Google registration proves the mailbox, so a taken e-mail is said.
     */
    async register(
      input: {
        firstName: string;
        lastName: string;
        mobile: string;
        email: string;
        password?: string | undefined;
        gtoken?: string | undefined;
        path?: string | undefined;
        referralId?: string | undefined;
      },
      request: FastifyRequest,
    ): Promise<RegisterResponse> {
      const mobile = normaliseMobile(input.mobile);
      if (input.password !== undefined) checkNewPassword(input.password, 'password');
      await takeOrRefuse(bucket.registerIp(request.ip), limits.registrationsPerIp);

      const google = input.gtoken !== undefined ? await verifyGoogle(input.gtoken) : undefined;
      if (google && google.email !== input.email) {
        throw new AppError('GOOGLE_TOKEN_INVALID', ACCOUNTS_TEXT.googleMismatch, { field: 'email' });
      }
      const passwordHash = input.password !== undefined ? await hasher.hash(input.password) : null;
      const createdAt = now();
      const values = {
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        mobile,
        passwordHash,
        googleSub: google?.sub ?? null,
        emailVerifiedAt: google ? createdAt : null,
        websocketChannel: randomBytes(16).toString('hex'),
        referredBy: input.referralId ?? null,
        signupPath: input.path ?? null,
        passwordChangedAt: passwordHash ? createdAt : null,
        createdAt,
      };

      if (google && input.gtoken !== undefined) {
        const user = await insertUser(values);
        await record(user.id, 'registered', 'google', request);
        const session = await sessionFor(user, { remember: false, source: 'google', request, gToken: input.gtoken });
        return { verificationRequired: false, email: user.email, session };
      }
      let user: UserRow | undefined;
      try {
        user = await repository.insertUser(values);
      } catch (error) {
        if (!isUniqueViolation(error, 'users_email_key')) throw error;
      }
      if (user) {
        const created = user;
        // Both answers cost one hash and one insert: the rest happens after the answer.
        later(async () => {
          await record(created.id, 'registered', 'web', request);
          await sendVerification(created);
        });
      } else {
        later(() => noticeRegistrationAttempt(values.email));
      }
      return { verificationRequired: true, email: values.email };
    },

    /** `POST verify-email`: consumes a verification token; the answer is the status word. */
    async verifyEmail(token: string, request: FastifyRequest): Promise<string> {
      const row = await repository.consumeEmailToken(sha256(token), 'verify', now());
      if (!row) throw new AppError('TOKEN_INVALID', ACCOUNTS_TEXT.verifyLinkInvalid, { field: 'token' });
      const user = await repository.findUserById(row.userId);
      if (!user) throw new AppError('TOKEN_INVALID', ACCOUNTS_TEXT.verifyLinkInvalid, { field: 'token' });
      if (user.emailVerifiedAt === null) {
        await repository.updateUser(user.id, { emailVerifiedAt: now() }, now());
        await record(user.id, 'email_verified', 'email', request);
      }
      return ACCOUNTS_TEXT.verified;
    },

    /** `POST resend-verification`: the same answer whether or not there is such an unverified account. */
    async resendVerification(email: string, request: FastifyRequest): Promise<string> {
      await takeOrRefuse(bucket.resetIp(request.ip), [limits.resetRequestsPerIp]);
      later(async () => {
        const user = await repository.findUserByEmail(email);
        if (!user || user.emailVerifiedAt !== null) return;
        const verdict = await throttle.take(bucket.resetMail(email), [limits.resetMailsPerAccount]);
        if (!verdict.allowed) return;
        await repository.voidEmailTokens(user.id, 'verify', now());
        await sendVerification(user);
      });
      return ACCOUNTS_TEXT.verificationSent;
    },

    /**
     * `POST user-login`: with e-mail and password, or with a Google token. A device token issued to this account by
     * an earlier login makes the attempt a known device's: it skips the per-address flood guard and has its own
     * failure budget, so guesses from elsewhere never lock it out. Every other attempt counts on the account.
     */
    async login(
      input: {
        email?: string | undefined;
        password?: string | undefined;
        remember?: boolean | undefined;
        gtoken?: string | undefined;
        deviceToken?: string | undefined;
      },
      request: FastifyRequest,
    ): Promise<LoginSession | GoogleRegistration | TotpChallenge> {
      const remember = input.remember === true;
      const addressGuard = () => takeOrRefuse(bucket.loginIp(request.ip), limits.loginAttemptsPerIp);
      // Only a token whose signature holds may put the guard off until its account is known (a forged one cannot).
      const signed = devices.read(input.deviceToken) !== undefined;
      if (!signed) await addressGuard();

      if (input.gtoken !== undefined && (input.email === undefined || input.password === undefined)) {
        const google = await verifyGoogle(input.gtoken);
        let user = await repository.findUserByEmail(google.email);
        if (signed && !knownDevice(input.deviceToken, user)) await addressGuard();
        if (!user) {
          return {
            gUserRegisterRequired: true,
            email: google.email,
            userFirstName: google.firstName,
            userLastName: google.lastName,
            gToken: input.gtoken,
          };
        }
        if (user.googleSub !== null && user.googleSub !== google.sub) {
          throw new AppError('GOOGLE_TOKEN_INVALID', ACCOUNTS_TEXT.googleMismatch);
        }
        if (user.googleSub === null || user.emailVerifiedAt === null) {
          // Google has verified the address, so the account is linked and verified in one step.
          user =
            (await repository.updateUser(
              user.id,
              { googleSub: google.sub, emailVerifiedAt: user.emailVerifiedAt ?? now() },
              now(),
            )) ?? user;
        }
        if (twoFactor.isOn(user)) {
          const device = knownDevice(input.deviceToken, user);
          return totpChallenge(user, {
            remember,
            source: 'google',
            deviceToken: input.deviceToken,
            failBucket: device ? bucket.loginDevice(device.deviceId) : bucket.loginFail(user.email),
          });
        }
        return sessionFor(user, {
          remember,
          source: 'google',
          request,
          gToken: input.gtoken,
          deviceToken: input.deviceToken,
        });
      }

      const email = input.email ?? '';
      const password = input.password ?? '';
      const user = await repository.findUserByEmail(email);
      const device = knownDevice(input.deviceToken, user);
      if (signed && !device) await addressGuard();
      // Every attempt is counted before the hash is checked, so parallel guesses cannot slip past the limit. An
      // unknown device's bucket is keyed by the address as typed, whether or not an account has it: a 429 reveals
      // nothing. A known device counts on its own.
      const failBucket = device ? bucket.loginDevice(device.deviceId) : bucket.loginFail(email);
      const failLimit = device ? limits.failedLoginsPerDevice : limits.failedLoginsPerAccount;
      const verdict = await throttle.take(failBucket, [failLimit]);
      if (!verdict.allowed) throw refuse(verdict);

      const ok = await hasher.verify(user?.passwordHash ?? (await dummyHash), password);
      if (!user || !user.passwordHash || !ok) {
        if (user) {
          await record(user.id, 'login_failed', 'web', request);
          if (!device) await warnWhenLocked(user, email, request);
        }
        throw new AppError('INVALID_CREDENTIALS', ACCOUNTS_TEXT.invalidCredentials);
      }
      if (user.emailVerifiedAt === null) {
        await throttle.clear(failBucket);
        throw new AppError('EMAIL_NOT_VERIFIED', ACCOUNTS_TEXT.notVerified);
      }
      if (twoFactor.isOn(user)) {
        return totpChallenge(user, { remember, source: 'web', deviceToken: input.deviceToken, failBucket });
      }
      // A known device's success leaves the account's count alone: an attacker's lock on new devices stays.
      await throttle.clear(failBucket);
      return sessionFor(user, { remember, source: 'web', request, gToken: null, deviceToken: input.deviceToken });
    },

    /** `POST user-login-totp`: completes a login that answered `totpRequired`, with a TOTP or recovery code. */
    async loginTotp(input: { challengeId: string; code: string }, request: FastifyRequest): Promise<LoginSession> {
      const invalid = () =>
        new AppError('TOTP_CHALLENGE_INVALID', ACCOUNTS_TEXT.totpChallengeInvalid, { field: 'challengeId' });
      const row = await repository.tryLoginChallenge(sha256(input.challengeId), now(), TOTP_CHALLENGE.maxAttempts);
      if (!row) throw invalid();
      const verdict = await throttle.take(row.throttleBucket, [limitOfBucket(row.throttleBucket)]);
      if (!verdict.allowed) throw refuse(verdict);
      const user = await repository.findUserById(row.userId);
      if (!user) throw invalid();
      const source = row.source === 'google' ? 'google' : 'web';
      if (!(await twoFactor.verify(user, input.code))) {
        await record(user.id, 'login_failed', source, request);
        throw new AppError('TOTP_INVALID', ACCOUNTS_TEXT.totpInvalid, { field: 'code' });
      }
      if (!(await repository.completeLoginChallenge(row.id, now()))) throw invalid();
      await throttle.clear(row.throttleBucket);
      return sessionFor(user, {
        remember: row.remember,
        source,
        request,
        gToken: null,
        deviceToken: row.deviceToken ?? undefined,
      });
    },

    /**
     * Re-checks a signed-in user's password, and code with two-factor sign-in on, before broker secrets are shown.
     * Failures count toward the same per-account budget as logins from unknown devices.
     */
    async reauthenticate(userId: string, password: string, code: string | undefined): Promise<Reauthentication> {
      return reauthenticate(await requireUser(userId), password, code);
    },

    /** `POST user-totp-setup`: after the password, a new seed to add to an authenticator app. */
    async totpSetup(who: AuthUser, password: string): Promise<TotpSetup> {
      const user = await requireUser(who.userId);
      if ((await reauthenticate(user, password, undefined)) === 'wrong-password') {
        throw new AppError('INVALID_CREDENTIALS', ACCOUNTS_TEXT.currentPasswordWrong, { field: 'password' });
      }
      return twoFactor.begin(user);
    },

    /** `POST user-totp-enable`: a code from the app turns it on; ends the user's other sessions. */
    async totpEnable(who: AuthUser, secret: string, code: string, request: FastifyRequest): Promise<TotpEnabled> {
      const user = await requireUser(who.userId);
      const recoveryCodes = await twoFactor.confirm(user, code);
      if (!recoveryCodes) throw new AppError('TOTP_INVALID', ACCOUNTS_TEXT.totpInvalid, { field: 'code' });
      const current = await sessions.find(secret);
      await sessions.revokeAllForUser(user.id, current?.id);
      await record(user.id, 'totp_enabled', 'web', request);
      return { recoveryCodes };
    },

    /** `POST user-totp-disable`: needs the password and a code (or a recovery code). */
    async totpDisable(
      who: AuthUser,
      input: { password: string; code: string },
      request: FastifyRequest,
    ): Promise<string> {
      const user = await requireUser(who.userId);
      const found = await reauthenticate(user, input.password, input.code);
      if (found === 'wrong-password') {
        throw new AppError('INVALID_CREDENTIALS', ACCOUNTS_TEXT.currentPasswordWrong, { field: 'password' });
      }
      if (found !== 'ok') throw new AppError('TOTP_INVALID', ACCOUNTS_TEXT.totpInvalid, { field: 'code' });
      await twoFactor.turnOff(user);
      await record(user.id, 'totp_disabled', 'web', request);
      return ACCOUNTS_TEXT.totpDisabled;
    },

    /** `POST user-logout`: ends the session at once. Answers the same for an unknown or already ended session. */
    async logout(secret: string | undefined, request: FastifyRequest): Promise<string> {
      if (secret) {
        const ended = await sessions.revoke(secret);
        if (ended) await record(ended.userId, 'logout', 'web', request);
      }
      return ACCOUNTS_TEXT.loggedOut;
    },

    /** `POST password-reset-request`: the same answer and timing whether or not the account exists. */
    async requestPasswordReset(email: string, request: FastifyRequest): Promise<string> {
      await takeOrRefuse(bucket.resetIp(request.ip), [limits.resetRequestsPerIp]);
      later(async () => {
        const verdict = await throttle.take(bucket.resetMail(email), [limits.resetMailsPerAccount]);
        if (!verdict.allowed) return;
        const user = await repository.findUserByEmail(email);
        if (!user) return;
        await record(user.id, 'password_reset_requested', 'web', request);
        await sendReset(user);
      });
      return ACCOUNTS_TEXT.resetSent;
    },

    /** `POST password-reset`: sets a new password with a reset token and ends every session of the user. */
    async resetPassword(resetToken: string, password: string, request: FastifyRequest): Promise<string> {
      checkNewPassword(password, 'password');
      const row = await repository.consumeEmailToken(sha256(resetToken), 'reset', now());
      if (!row) throw new AppError('TOKEN_INVALID', ACCOUNTS_TEXT.resetLinkInvalid, { field: 'resetToken' });
      const user = await repository.findUserById(row.userId);
      if (!user) throw new AppError('TOKEN_INVALID', ACCOUNTS_TEXT.resetLinkInvalid, { field: 'resetToken' });
      const passwordHash = await hasher.hash(password);
      // The reset link proved the mailbox, so the address counts as verified too.
      await repository.updateUser(
        user.id,
        { passwordHash, passwordChangedAt: now(), emailVerifiedAt: user.emailVerifiedAt ?? now() },
        now(),
      );
      await sessions.revokeAllForUser(user.id);
      await throttle.clear(bucket.loginFail(user.email));
      await record(user.id, 'password_reset', 'email', request);
      return ACCOUNTS_TEXT.passwordReset;
    },

    /** `POST change-password`: needs the current password; ends the user's other sessions. */
    async changePassword(
      who: AuthUser,
      secret: string,
      input: { currentPassword: string; newPassword: string },
      request: FastifyRequest,
    ): Promise<string> {
      const user = await requireUser(who.userId);
      const failBucket = bucket.loginFail(user.email);
      const verdict = await throttle.take(failBucket, [limits.failedLoginsPerAccount]);
      if (!verdict.allowed) throw refuse(verdict);
      const ok = user.passwordHash !== null && (await hasher.verify(user.passwordHash, input.currentPassword));
      if (!ok) {
        throw new AppError('INVALID_CREDENTIALS', ACCOUNTS_TEXT.currentPasswordWrong, { field: 'currentPassword' });
      }
      await throttle.clear(failBucket);
      checkNewPassword(input.newPassword, 'newPassword');
      await repository.updateUser(
        user.id,
        { passwordHash: await hasher.hash(input.newPassword), passwordChangedAt: now() },
        now(),
      );
      const current = await sessions.find(secret);
      await sessions.revokeAllForUser(user.id, current?.id);
      await record(user.id, 'password_changed', 'web', request);
      return ACCOUNTS_TEXT.passwordChanged;
    },

    /** `GET user-profile`. */
    async profile(who: AuthUser): Promise<Profile> {
      return toProfile(await requireUser(who.userId));
    },

    /** `PUT user-profile`: names and mobile. */
    async updateProfile(who: AuthUser, input: ProfileUpdate, request: FastifyRequest): Promise<Profile> {
      const mobile = normaliseMobile(input.mobile);
      const user = await repository.updateUser(
        who.userId,
        { firstName: input.firstName, lastName: input.lastName, mobile },
        now(),
      );
      if (!user) throw errors.sessionExpired();
      await record(user.id, 'profile_updated', 'web', request);
      return toProfile(user);
    },

    /** `GET user/activity`: newest first; by default the last 30 days. */
    async activity(
      who: AuthUser,
      query: {
        from?: number | undefined;
        to?: number | undefined;
        source?: ActivitySource | undefined;
        limit?: number | undefined;
      },
    ): Promise<ActivityEntry[]> {
      const to = query.to ?? clock.now();
      const from = query.from ?? to - 30 * 24 * HOUR;
      if (from > to) throw errors.validation('from', 'from must not be after to');
      const rows = await repository.listActivity(who.userId, {
        from: new Date(from),
        to: new Date(to),
        source: query.source,
        limit: query.limit ?? 100,
      });
      return rows.map((r) => ({
        at: r.at.toISOString(),
        kind: r.kind as ActivityKind,
        source: r.source as ActivitySource,
        ip: r.ip,
        userAgent: r.userAgent,
      }));
    },

    /** `GET login-check`: the entitlement flags of a live session. */
    async loginCheck(who: AuthUser): Promise<LoginCheck> {
      const e = await deps.entitlements.forUser(who.userId);
      return {
        activeSubscription: e.activeSubscription,
        activeTradeSubscription: e.activeTradeSubscription,
        brokerLoggedIn: e.brokerLoggedIn,
        accounts: e.accounts,
      };
    },
  };
}

/** The accounts service's interface. */
export type AccountsService = ReturnType<typeof createAccountsService>;
