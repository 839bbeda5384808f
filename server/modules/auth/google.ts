import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import * as oidc from 'openid-client';
import type { z } from 'zod';
import {
  GOOGLE_FLOW_SECONDS,
  GOOGLE_SIGNUP_MESSAGES,
  GOOGLE_SIGNUP_WINDOW_SECONDS,
  type GoogleSignInError,
} from '../../../common/rules';
import type { googleCompleteProfileBody } from '../../../common/schemas/auth';
import type { OidcSettings } from '../../config';
import type { AppContext } from '../../context';
import { profiles, users } from '../../db/schema';
import { hashPassword, newToken } from '../../lib/crypto';
import { Conflict, Invalid, isUniqueViolation } from '../../lib/errors';
import { hitLimit, limitPerIp } from '../../lib/rate-limit';

/**
 * Sign-in with Google: OpenID Connect's authorization code flow with PKCE, state and nonce, through `openid-client`.
 *
 * What the flow must remember between the trip out and the trip back (state, PKCE verifier, nonce), and later the
 * e-mail Google vouched for while its owner fills in the profile, lives in one cookie of its own, encrypted and
 * authenticated with a key derived from the server's code key: the browser cannot read or change it, another
 * browser does not have it, and every instance can open it. It is httpOnly, SameSite=Lax (the provider's redirect
 * back is a top-level GET, which Lax lets through) and scoped to the flow's routes. A flow is used once: its random
 * id is claimed in the shared counters table at the callback, so a copied cookie cannot finish a second sign-in.
 */

export const FLOW_COOKIE = 'academy_oidc';
const FLOW_COOKIE_PATH = '/api/auth/google';

/** What the flow cookie holds: the checks of a trip to the provider, or a sign-up waiting for its profile. */
type FlowCookie =
  | { kind: 'flow'; id: string; state: string; verifier: string; nonce: string; expires: number }
  | { kind: 'signup'; id: string; email: string; firstName: string; lastName: string; expires: number };

export type CallbackOutcome =
  | { kind: 'signed-in'; userId: string }
  | { kind: 'sign-up'; cookie: FlowCookie }
  | { kind: 'refused'; reason: GoogleSignInError };

function cookieKey(codeKey: Buffer): Buffer {
  return createHmac('sha256', codeKey).update('academy sign-in flow cookie').digest();
}

/** AES-256-GCM: the tag refuses a cookie that was changed or made without the key. */
export function sealFlow(codeKey: Buffer, value: FlowCookie): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', cookieKey(codeKey), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
}

export function openFlow(codeKey: Buffer, sealed: string | undefined, now: Date): FlowCookie | null {
  // A flow cookie is a few hundred characters; anything far longer is not ours and is not decoded.
  if (!sealed || sealed.length > 4096) return null;
  const [iv, tag, body, ...rest] = sealed.split('.');
  if (!iv || !tag || !body || rest.length > 0) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', cookieKey(codeKey), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const text = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    const value = JSON.parse(text) as FlowCookie;
    return value.expires > now.getTime() ? value : null;
  } catch {
    return null;
  }
}

export const flowCookieOptions = (secure: boolean, maxAgeSeconds: number) => ({
  path: FLOW_COOKIE_PATH,
  httpOnly: true,
  sameSite: 'lax' as const,
  secure,
  maxAge: maxAgeSeconds,
});
export const clearFlowOptions = { path: FLOW_COOKIE_PATH };

/** The provider's endpoints and keys, read once from its discovery document (and again after a failure). */
export class GoogleClient {
  private configuration: Promise<oidc.Configuration> | null = null;

  constructor(
    readonly settings: OidcSettings,
    readonly redirectUri: string,
  ) {}

  private config(): Promise<oidc.Configuration> {
    if (!this.configuration) {
      const issuer = new URL(this.settings.issuer);
      this.configuration = oidc
        .discovery(issuer, this.settings.clientId, this.settings.clientSecret, undefined, {
          // Google is https; only a provider on this machine (the tests' own) is reached over plain http.
          execute: issuer.protocol === 'http:' ? [oidc.allowInsecureRequests] : [],
          timeout: 10,
        })
        .catch((error: unknown) => {
          this.configuration = null;
          throw error;
        });
    }
    return this.configuration;
  }

  /** Where the browser goes to sign in, and the cookie that remembers this trip's checks. */
  async start(now: Date): Promise<{ url: string; cookie: FlowCookie }> {
    const config = await this.config();
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: this.redirectUri,
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return {
      url: url.href,
      cookie: {
        kind: 'flow',
        id: newToken(),
        state,
        verifier,
        nonce,
        expires: now.getTime() + GOOGLE_FLOW_SECONDS * 1000,
      },
    };
  }

  /** Trades the code for tokens, checking state, PKCE and nonce; returns who the provider says signed in. */
  async identify(
    callbackUrl: URL,
    flow: Extract<FlowCookie, { kind: 'flow' }>,
  ): Promise<{ email?: string; verified: boolean; firstName: string; lastName: string }> {
    const config = await this.config();
    const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      pkceCodeVerifier: flow.verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    let claims: Record<string, unknown> = { ...tokens.claims() };
    // Google puts the e-mail in the ID token; a provider that keeps it for the userinfo endpoint is asked there.
    if (typeof claims.email !== 'string' || claims.email_verified === undefined) {
      claims = { ...claims, ...(await oidc.fetchUserInfo(config, tokens.access_token, String(claims.sub))) };
    }
    const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : undefined;
    // Some providers send the flag as a string.
    const verified = claims.email_verified === true || claims.email_verified === 'true';
    const text = (value: unknown) => (typeof value === 'string' ? value.trim().slice(0, 100) : '');
    return { email, verified, firstName: text(claims.given_name), lastName: text(claims.family_name) };
  }
}

/**
 * Trips to Google and back from one address: 200 per 15 minutes (a start and a return each count), enough for a
 * class signing in together behind one school address, and a bound on the calls a client can make us send to Google.
 */
export async function limitGoogle(ctx: AppContext, ip: string): Promise<void> {
  await limitPerIp(ctx, 'google', ip, 200, 900);
}

/**
 * Judges the provider's answer at the callback. Every failure is a reason for the sign-in page, never an error:
 * the person arrives here in their browser, from another site.
 */
export async function finishCallback(
  ctx: AppContext,
  client: GoogleClient,
  callbackUrl: URL,
  flow: FlowCookie | null,
  log: (error: unknown) => void,
): Promise<CallbackOutcome> {
  const params = callbackUrl.searchParams;
  if (!flow || flow.kind !== 'flow' || params.get('state') !== flow.state) return { kind: 'refused', reason: 'state' };
  // Used once: a second callback with the same cookie (a copied cookie, a replayed address) finds the id taken.
  try {
    await hitLimit(
      ctx.db,
      { key: `google:flow:${flow.id}`, max: 1, windowSeconds: GOOGLE_FLOW_SECONDS, message: 'used' },
      ctx.now(),
    );
  } catch {
    return { kind: 'refused', reason: 'state' };
  }
  if (params.has('error')) return { kind: 'refused', reason: 'provider' };
  let who: Awaited<ReturnType<GoogleClient['identify']>>;
  try {
    who = await client.identify(callbackUrl, flow);
  } catch (error) {
    log(error);
    return { kind: 'refused', reason: 'provider' };
  }
  if (!who.email || !who.verified) return { kind: 'refused', reason: 'unverified' };
  const [user] = await ctx.db
    .select({ id: users.id, status: users.status })
    .from(users)
    .where(eq(users.email, who.email))
    .limit(1);
  if (user) {
    if (user.status !== 'active') return { kind: 'refused', reason: 'inactive' };
    return { kind: 'signed-in', userId: user.id };
  }
  return {
    kind: 'sign-up',
    cookie: {
      kind: 'signup',
      id: newToken(),
      email: who.email,
      firstName: who.firstName,
      lastName: who.lastName,
      expires: ctx.now().getTime() + GOOGLE_SIGNUP_WINDOW_SECONDS * 1000,
    },
  };
}

/** The sign-up a Google callback left in this browser, or the message to start again. */
export function pendingSignup(flow: FlowCookie | null): Extract<FlowCookie, { kind: 'signup' }> {
  if (!flow || flow.kind !== 'signup') throw Invalid(GOOGLE_SIGNUP_MESSAGES.expired);
  return flow;
}

/**
 * Creates the student or parent whose e-mail Google vouched for. There is no password: one nobody knows is stored,
 * and the owner may set one later with "Forgot password?". The e-mail's unique index decides a race with another
 * sign-up of the same e-mail.
 */
export async function completeGoogleSignup(
  ctx: AppContext,
  flow: FlowCookie | null,
  input: z.output<typeof googleCompleteProfileBody>,
  ip: string,
): Promise<string> {
  await limitPerIp(ctx, 'profile', ip, 20, 3600);
  const pending = pendingSignup(flow);
  const passwordHash = await hashPassword(newToken());
  const now = ctx.now();
  const d = input.extra_field;
  const details = { firstName: d.first_name, lastName: d.last_name, phoneNumber: d.phone_number, address: d.address };
  const profile =
    input.type === 'parent'
      ? details
      : {
          ...details,
          gender: input.extra_field.gender,
          birthday: input.extra_field.birthday,
          school: input.extra_field.school,
          gradeLevel: input.extra_field.grade_level,
        };
  try {
    return await ctx.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ email: pending.email, passwordHash, type: input.type, emailVerifiedAt: now })
        .returning({ id: users.id });
      await tx.insert(profiles).values({ userId: user.id, ...profile });
      return user.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw Conflict(GOOGLE_SIGNUP_MESSAGES.taken);
    throw error;
  }
}
