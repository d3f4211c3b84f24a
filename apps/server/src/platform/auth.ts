import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { errors } from './errors';

/** The signed-in user behind a request. */
export interface AuthUser {
  readonly userId: string;
  readonly email: string;
}

/**
 * Finds the live session for a login secret. The accounts module provides it (secrets are stored hashed,
 * idle and absolute limits applied there). `null` = no such session, or it has ended.
 */
export interface SessionResolver {
  /** `request` is absent when the secret arrives on the feed rather than over HTTP. */
  resolve(secret: string, request: FastifyRequest | undefined): Promise<AuthUser | null>;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `app.authenticate` on protected routes. */
    user?: AuthUser;
  }
  interface FastifyInstance {
    /** preHandler for protected routes: reads `userid` + `secret`, sets `request.user`, else 403 SESSION_EXPIRED. */
    authenticate: (request: FastifyRequest) => Promise<void>;
  }
}

const MAX_HEADER = 512;

function header(request: FastifyRequest, name: string): string | undefined {
  const v = request.headers[name];
  return typeof v === 'string' && v.length > 0 && v.length <= MAX_HEADER ? v : undefined;
}

/**
 * The auth plugin. The user is derived from the secret alone; the `userid` header is only compared with it, so
 * one user's id with another's secret gets nowhere. Without a resolver every credential fails (fail closed).
 */
export const authPlugin = fp<{ sessions: SessionResolver | undefined }>(
  async (app: FastifyInstance, options) => {
    app.decorateRequest('user', undefined);
    app.decorate('authenticate', async (request: FastifyRequest) => {
      const secret = header(request, 'secret');
      const userId = header(request, 'userid');
      if (!secret || !userId || !options.sessions) throw errors.sessionExpired();
      const user = await options.sessions.resolve(secret, request);
      if (!user || user.userId !== userId) throw errors.sessionExpired();
      request.user = user;
    });
  },
  { name: 'fnodesk-auth' },
);
