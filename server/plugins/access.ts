import type { FastifyInstance } from 'fastify';
import type { UserType } from '../../common/rules';
import { Forbidden, Unauthorized } from '../lib/errors';

/**
 * Who may call a route, declared on the route itself, so no route is left without a rule:
 * 'public' (everyone), 'signedIn' (any active account), or the list of user types allowed.
 */
export type Access = 'public' | 'signedIn' | readonly UserType[];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** What a signed-in user of another role is told (403), where the general refusal would not say why. */
    refusal?: string;
  }
  interface FastifyInstance {
    /** Every /api route with its declared access: the access test walks this list. */
    apiRoutes: Array<{ method: string; url: string; access: Access }>;
  }
}

/**
 * The one place roles are decided. Every /api route must declare its access, or the server refuses to start:
 * a route cannot be left open by forgetting.
 */
export function registerAccess(app: FastifyInstance): void {
  app.decorate('apiRoutes', []);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith('/api/') || route.url.startsWith('/api/docs')) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} declares no access`);
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') app.apiRoutes.push({ method, url: route.url, access });
    }
  });

  // A callback rather than an async hook: a signed-in user is nearly always cached, and then the rule is decided
  // without the promise and the turn of the microtask queue an async hook costs every request.
  app.addHook('onRequest', (request, _reply, done) => {
    const access = request.routeOptions.config?.access;
    if (!access || access === 'public') return done();
    const decide = () => {
      const user = request.user;
      if (!user) return done(Unauthorized());
      if (access !== 'signedIn' && !access.includes(user.type))
        return done(
          Forbidden(request.routeOptions.config?.refusal ?? "You don't have permission to access this page."),
        );
      done();
    };
    const loading = app.loadUser(request);
    if (loading) loading.then(decide, done);
    else decide();
  });
}
