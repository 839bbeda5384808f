import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sha256 } from '../../lib/crypto';
import type { AppContext } from '../../context';
import { SESSION_COOKIE, userForToken, type CurrentUser } from './store';

declare module 'fastify' {
  interface FastifyRequest {
    user: CurrentUser | null;
  }
  interface FastifyInstance {
    /**
     * Finds the user of the request's session cookie into `request.user`: at once (nothing returned) when there is no
     * cookie or the user is cached, as for nearly every request; else a promise, settled once the database answered.
     */
    loadUser(request: FastifyRequest): Promise<void> | undefined;
  }
}

/** Gives every request `loadUser`, which finds the signed-in user behind the session cookie (cached a few seconds). */
export function registerSessions(app: FastifyInstance, ctx: Pick<AppContext, 'db' | 'sessionCache' | 'now'>): void {
  const cache = ctx.sessionCache;
  app.decorateRequest('user', null);
  app.decorate('loadUser', (request: FastifyRequest) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token) return undefined;
    const tokenHash = sha256(token);
    const now = ctx.now().getTime();
    const cached = cache.get(tokenHash, now);
    if (cached) {
      request.user = cached;
      return undefined;
    }
    return userForToken(ctx.db, token, new Date(now)).then((found) => {
      if (!found) return;
      cache.set(tokenHash, found.user.id, found.user, now, found.recheckAt);
      request.user = found.user;
    });
  });
}
