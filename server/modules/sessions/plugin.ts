import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sha256 } from '../../lib/crypto';
import type { AppContext } from '../../context';
import { SESSION_COOKIE, userForToken, type CurrentUser } from './store';

declare module 'fastify' {
  interface FastifyRequest {
    user: CurrentUser | null;
  }
  interface FastifyInstance {
    loadUser(request: FastifyRequest): Promise<void>;
  }
}

/** Gives every request `loadUser`, which finds the signed-in user behind the session cookie (cached a few seconds). */
export function registerSessions(app: FastifyInstance, ctx: Pick<AppContext, 'db' | 'sessionCache' | 'now'>): void {
  const cache = ctx.sessionCache;
  app.decorateRequest('user', null);
  app.decorate('loadUser', async (request: FastifyRequest) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return;
    const tokenHash = sha256(token);
    const now = ctx.now().getTime();
    const cached = cache.get(tokenHash, now);
    if (cached) {
      request.user = cached;
      return;
    }
    const found = await userForToken(ctx.db, token, new Date(now));
    if (!found) return;
    cache.set(tokenHash, found.user.id, found.user, now, found.recheckAt);
    request.user = found.user;
  });
}
