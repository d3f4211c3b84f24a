import {
  ActivityQuerySchema,
  ChangePasswordSchema,
  LoginRequestSchema,
  LoginTotpRequestSchema,
  LogoutRequestSchema,
  PasswordResetRequestSchema,
  PasswordResetSchema,
  ProfileUpdateSchema,
  RegisterRequestSchema,
  ResendVerificationRequestSchema,
  TotpDisableRequestSchema,
  TotpEnableRequestSchema,
  TotpSetupRequestSchema,
  VerifyEmailRequestSchema,
  type PublicConfig,
} from '@fnodesk/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errors } from '../../platform/errors';
import type { AccountsService } from './accounts.service';

const ok = <T>(data: T) => ({ code: 200, data });

function userOf(request: FastifyRequest) {
  if (!request.user) throw errors.sessionExpired();
  return request.user;
}

function secretHeader(request: FastifyRequest): string | undefined {
  const value = request.headers['secret'];
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/** The account helpers of `/api/v1` (spec §7): thin routes over the accounts service. */
export function registerAccountsRoutes(
  parent: FastifyInstance,
  deps: { accounts: AccountsService; publicConfig: PublicConfig },
): void {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const { accounts } = deps;
  const authed = { preHandler: app.authenticate };

  app.get('/api/v1/public-config', async () => ok(deps.publicConfig));

  app.post('/api/v1/user', { schema: { body: RegisterRequestSchema } }, async (request) =>
    ok(await accounts.register(request.body, request)),
  );
  app.post('/api/v1/verify-email', { schema: { body: VerifyEmailRequestSchema } }, async (request) =>
    ok(await accounts.verifyEmail(request.body.token, request)),
  );
  app.post('/api/v1/resend-verification', { schema: { body: ResendVerificationRequestSchema } }, async (request) =>
    ok(await accounts.resendVerification(request.body.email, request)),
  );
  app.post('/api/v1/user-login', { schema: { body: LoginRequestSchema } }, async (request) =>
    ok(await accounts.login(request.body, request)),
  );
  app.post('/api/v1/user-login-totp', { schema: { body: LoginTotpRequestSchema } }, async (request) =>
    ok(await accounts.loginTotp(request.body, request)),
  );
  app.post('/api/v1/user-totp-setup', { ...authed, schema: { body: TotpSetupRequestSchema } }, async (request) =>
    ok(await accounts.totpSetup(userOf(request), request.body.password)),
  );
  app.post('/api/v1/user-totp-enable', { ...authed, schema: { body: TotpEnableRequestSchema } }, async (request) =>
    ok(await accounts.totpEnable(userOf(request), secretHeader(request) ?? '', request.body.code, request)),
  );
  app.post('/api/v1/user-totp-disable', { ...authed, schema: { body: TotpDisableRequestSchema } }, async (request) =>
    ok(await accounts.totpDisable(userOf(request), request.body, request)),
  );
  app.post('/api/v1/user-logout', { schema: { body: LogoutRequestSchema } }, async (request) =>
    ok(await accounts.logout(request.body.loginSecret ?? secretHeader(request), request)),
  );
  app.post('/api/v1/password-reset-request', { schema: { body: PasswordResetRequestSchema } }, async (request) =>
    ok(await accounts.requestPasswordReset(request.body.email, request)),
  );
  app.post('/api/v1/password-reset', { schema: { body: PasswordResetSchema } }, async (request) =>
    ok(await accounts.resetPassword(request.body.resetToken, request.body.password, request)),
  );
  app.post('/api/v1/change-password', { ...authed, schema: { body: ChangePasswordSchema } }, async (request) =>
    ok(await accounts.changePassword(userOf(request), secretHeader(request) ?? '', request.body, request)),
  );
  app.get('/api/v1/user-profile', authed, async (request) => ok(await accounts.profile(userOf(request))));
  app.put('/api/v1/user-profile', { ...authed, schema: { body: ProfileUpdateSchema } }, async (request) =>
    ok(await accounts.updateProfile(userOf(request), request.body, request)),
  );
  app.get('/api/v1/user/activity', { ...authed, schema: { querystring: ActivityQuerySchema } }, async (request) =>
    ok({ activities: await accounts.activity(userOf(request), request.query) }),
  );
  app.get('/api/v1/login-check', authed, async (request) => ok(await accounts.loginCheck(userOf(request))));
}
