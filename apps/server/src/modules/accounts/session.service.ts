import { createHash, randomBytes } from 'node:crypto';
import type { Clock } from '@fnodesk/domain';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { AuthUser, SessionResolver } from '../../platform/auth';
import type { Bus } from '../../platform/bus';
import { SingleFlight } from '../../platform/single-flight';
import type { AccountsRepository, SessionRow } from './accounts.repository';

/** Session lifetimes (G8): "remember me" → 30 days, else 12 h; both end early when left idle. */
export const SESSION_LIMITS = {
  remembered: { absoluteMs: 30 * 86_400_000, idleMs: 7 * 86_400_000 },
  standard: { absoluteMs: 12 * 3_600_000, idleMs: 30 * 60_000 },
} as const;

/** Bus channel on which revoked secret hashes are announced, so every node drops them from its cache. */
export const SESSIONS_REVOKED_CHANNEL = 'accounts.sessions.revoked';

// A resolved session is trusted from memory for at most this long; revocation reaches every node within it.
const CACHE_TTL_MS = 1_000;
// From this age on, a request still answered from memory has the session read again in the background: a busy
// session is kept fresh without its requests waiting for the read (at 2,000 requests a second, the 10 to 20 that
// came while it ran each second, all held for its length). Nothing older than the TTL is ever answered.
const REFRESH_AFTER_MS = 800;
const CACHE_MAX = 50_000;
// Writing last-seen on every request would turn reads into writes; a minute's precision is plenty for idle limits.
const TOUCH_EVERY_MS = 60_000;

/** SHA-256 of a secret in hex: what is stored and looked up. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** A new 256-bit secret from the CSPRNG, URL-safe base64 (43 characters). */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** A new session: the secret is returned once here and never stored in clear. */
export interface CreatedSession {
  readonly secret: string;
  readonly session: SessionRow;
}

interface CacheEntry {
  user: AuthUser;
  session: SessionRow;
  cachedAt: number;
}

function limitsOf(session: SessionRow) {
  return session.remember ? SESSION_LIMITS.remembered : SESSION_LIMITS.standard;
}

/** Where a request came from, for the session and activity records. */
export function clientOf(request: FastifyRequest | undefined): { ip: string | null; userAgent: string | null } {
  if (!request) return { ip: null, userAgent: null };
  const agent = request.headers['user-agent'];
  return { ip: request.ip, userAgent: typeof agent === 'string' ? agent.slice(0, 300) : null };
}

/** Creates, resolves and revokes login sessions. Implements the auth plugin's `SessionResolver`. */
export function createSessionService(deps: {
  repository: AccountsRepository;
  clock: Clock;
  bus: Bus;
  logger: FastifyBaseLogger;
}) {
  const { repository, clock, bus } = deps;
  const cache = new Map<string, CacheEntry>();
  // When a busy session's entry expires, the requests that miss share one read instead of each reading it. A read
  // under way when its session is revoked is not cached, as it may predate the revocation.
  const reads = new SingleFlight<string, AuthUser | null>();

  function forget(hashes: readonly string[]) {
    for (const h of hashes) {
      cache.delete(h);
      reads.forget(h);
    }
  }

  async function readSession(hash: string, now: number, current: () => boolean): Promise<AuthUser | null> {
    const found = await repository.findLiveSession(hash);
    if (!found || !alive(found.session, now)) {
      cache.delete(hash);
      return null;
    }
    let session = found.session;
    if (now - session.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
      await repository.touchSession(session.id, new Date(now));
      session = { ...session, lastSeenAt: new Date(now) };
    }
    const user: AuthUser = { userId: session.userId, email: found.email };
    if (!current()) return user;
    if (cache.size >= CACHE_MAX) cache.clear();
    cache.set(hash, { user, session, cachedAt: now });
    return user;
  }

  async function announce(hashes: readonly string[]) {
    forget(hashes);
    if (hashes.length === 0) return;
    try {
      await bus.publish(SESSIONS_REVOKED_CHANNEL, JSON.stringify(hashes));
    } catch (err) {
      // Other nodes still drop the session within the cache TTL; the database row is already revoked.
      deps.logger.warn({ err }, 'could not announce revoked sessions');
    }
  }

  function alive(session: SessionRow, now: number): boolean {
    const { idleMs } = limitsOf(session);
    return session.expiresAt.getTime() > now && session.lastSeenAt.getTime() + idleMs > now;
  }

  const service = {
    /** Starts the cross-node revocation listener. */
    async start(): Promise<void> {
      await bus.subscribe(SESSIONS_REVOKED_CHANNEL, (message) => {
        const hashes: unknown = JSON.parse(message);
        if (Array.isArray(hashes)) forget(hashes.filter((h): h is string => typeof h === 'string'));
      });
    },

    /** Opens a session for a user. */
    async create(userId: string, options: { remember: boolean; request?: FastifyRequest }): Promise<CreatedSession> {
      const now = clock.now();
      const secret = newSecret();
      const limits = options.remember ? SESSION_LIMITS.remembered : SESSION_LIMITS.standard;
      const session = await repository.insertSession({
        userId,
        secretHash: hashSecret(secret),
        remember: options.remember,
        createdAt: new Date(now),
        lastSeenAt: new Date(now),
        expiresAt: new Date(now + limits.absoluteMs),
        ...clientOf(options.request),
      });
      return { secret, session };
    },

    /** The user behind a live secret, or null (unknown, revoked, expired or idle too long). */
    async resolve(secret: string, _request: FastifyRequest | undefined): Promise<AuthUser | null> {
      if (secret.length < 20 || secret.length > 100) return null;
      const hash = hashSecret(secret);
      const now = clock.now();
      const cached = cache.get(hash);
      const read = () => reads.run(hash, (current) => readSession(hash, now, current));
      if (cached && now - cached.cachedAt < CACHE_TTL_MS && alive(cached.session, now)) {
        // A read that fails here leaves the entry to expire; the request after that reads and sees the failure.
        if (now - cached.cachedAt >= REFRESH_AFTER_MS) read().catch(() => undefined);
        return cached.user;
      }
      return read();
    },

    /** The live session row of a secret (for logout and password change), or undefined. */
    async find(secret: string): Promise<SessionRow | undefined> {
      const found = await repository.findLiveSession(hashSecret(secret));
      return found && alive(found.session, clock.now()) ? found.session : undefined;
    },

    /** Ends one session at once, on every node. Returns the ended session, if it was live. */
    async revoke(secret: string): Promise<SessionRow | undefined> {
      const hash = hashSecret(secret);
      const row = await repository.revokeSessionByHash(hash, new Date(clock.now()));
      await announce([hash]);
      return row;
    },

    /** Ends every session of a user, except `keepSessionId` when given. */
    async revokeAllForUser(userId: string, keepSessionId?: string): Promise<number> {
      const hashes = await repository.revokeUserSessions(userId, new Date(clock.now()), keepSessionId);
      await announce(hashes);
      return hashes.length;
    },
  } satisfies SessionResolver & Record<string, unknown>;
  return service;
}

/** The session service's interface. */
export type SessionService = ReturnType<typeof createSessionService>;
