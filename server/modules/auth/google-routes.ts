import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  GOOGLE_ERROR_PARAM,
  GOOGLE_SIGNUP_PARAM,
  GOOGLE_SIGNUP_WINDOW_SECONDS,
  GOOGLE_FLOW_SECONDS,
  type GoogleSignInError,
} from '../../../common/rules';
import { googleCompleteProfileBody, googleSignupReply, providersReply, userReply } from '../../../common/schemas/auth';
import type { AppContext } from '../../context';
import { DomainError, NotFound } from '../../lib/errors';
import { startSession } from '../sessions/store';
import { sessionUserById } from '../users/service';
import {
  clearFlowOptions,
  completeGoogleSignup,
  FLOW_COOKIE,
  finishCallback,
  flowCookieOptions,
  GoogleClient,
  limitGoogle,
  openFlow,
  pendingSignup,
  sealFlow,
} from './google';

export const GOOGLE_CALLBACK_PATH = '/api/auth/google/callback';

/**
 * The routes of "Sign in with Google". They are always registered, so the access table sees them; without
 * GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET they answer 404 and the sign-in page shows no button.
 */
export function googleRoutes(ctx: AppContext) {
  return async function (app: FastifyInstance) {
    const r = app.withTypeProvider<ZodTypeProvider>();
    const everyone = { access: 'public' } as const;
    const settings = ctx.config.google;
    const client = settings ? new GoogleClient(settings, `${ctx.config.publicUrl}${GOOGLE_CALLBACK_PATH}`) : null;
    const configured = () => {
      if (!client) throw NotFound('Sign-in with Google is not configured.');
      return client;
    };
    const secure = (req: FastifyRequest) => req.protocol === 'https' || ctx.config.publicUrl.startsWith('https://');
    const toSignIn = (reply: FastifyReply, reason: GoogleSignInError) => {
      reply.clearCookie(FLOW_COOKIE, clearFlowOptions);
      return reply.redirect(`/signin?${GOOGLE_ERROR_PARAM}=${reason}`, 303);
    };
    const tooMany = (error: unknown) => error instanceof DomainError && error.status === 429;

    r.get(
      '/auth/providers',
      { config: everyone, schema: { response: { 200: providersReply } } },
      // Facebook is not offered: see the README's design notes.
      async () => ({ google: Boolean(client), facebook: false }),
    );

    r.get('/auth/google', { config: everyone }, async (req, reply) => {
      const google = configured();
      try {
        await limitGoogle(ctx, req.ip);
      } catch (error) {
        if (tooMany(error)) return toSignIn(reply, 'busy');
        throw error;
      }
      let started: Awaited<ReturnType<GoogleClient['start']>>;
      try {
        started = await google.start(ctx.now());
      } catch (error) {
        req.log.warn({ err: error }, 'the Google sign-in provider could not be reached');
        return toSignIn(reply, 'unavailable');
      }
      reply.setCookie(
        FLOW_COOKIE,
        sealFlow(ctx.codeKey, started.cookie),
        flowCookieOptions(secure(req), GOOGLE_FLOW_SECONDS),
      );
      return reply.redirect(started.url, 303);
    });

    r.get('/auth/google/callback', { config: everyone }, async (req, reply) => {
      const google = configured();
      try {
        await limitGoogle(ctx, req.ip);
      } catch (error) {
        if (tooMany(error)) return toSignIn(reply, 'busy');
        throw error;
      }
      // The address the provider sent the browser to, built on the redirect_uri (PUBLIC_URL's path included, which a
      // proxy may have taken off the request) so openid-client compares like with like.
      const query = req.url.indexOf('?');
      const callbackUrl = new URL(`${google.redirectUri}${query === -1 ? '' : req.url.slice(query)}`);
      const flow = openFlow(ctx.codeKey, req.cookies[FLOW_COOKIE], ctx.now());
      const outcome = await finishCallback(ctx, google, callbackUrl, flow, (error) =>
        req.log.warn({ err: error }, 'a Google sign-in was refused by the provider or failed its checks'),
      );
      if (outcome.kind === 'refused') return toSignIn(reply, outcome.reason);
      if (outcome.kind === 'sign-up') {
        reply.setCookie(
          FLOW_COOKIE,
          sealFlow(ctx.codeKey, outcome.cookie),
          flowCookieOptions(secure(req), GOOGLE_SIGNUP_WINDOW_SECONDS),
        );
        return reply.redirect(`/signup?${GOOGLE_SIGNUP_PARAM}=google`, 303);
      }
      reply.clearCookie(FLOW_COOKIE, clearFlowOptions);
      // As a password sign-in without "remember me": the session ends with the browser or 12 idle hours.
      await startSession(ctx, reply, req, outcome.userId, false);
      return reply.redirect('/dashboard', 303);
    });

    r.get(
      '/auth/google/signup',
      { config: everyone, schema: { response: { 200: googleSignupReply } } },
      async (req) => {
        configured();
        const pending = pendingSignup(openFlow(ctx.codeKey, req.cookies[FLOW_COOKIE], ctx.now()));
        return { email: pending.email, first_name: pending.firstName, last_name: pending.lastName };
      },
    );

    r.post(
      '/auth/google/complete-profile',
      { config: everyone, schema: { body: googleCompleteProfileBody, response: { 200: userReply } } },
      async (req, reply) => {
        configured();
        const flow = openFlow(ctx.codeKey, req.cookies[FLOW_COOKIE], ctx.now());
        const userId = await completeGoogleSignup(ctx, flow, req.body, req.ip);
        reply.clearCookie(FLOW_COOKIE, clearFlowOptions);
        await startSession(ctx, reply, req, userId, false);
        return { message: 'Profile completed successfully', user: await sessionUserById(ctx.db, userId) };
      },
    );
  };
}
