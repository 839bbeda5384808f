/**
 * Sign-in with Google against a real OpenID Connect provider started on this machine (oidc-provider), driven the
 * way a browser would: redirects followed by hand, cookies carried.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { GOOGLE_SIGN_IN_ERRORS, GOOGLE_SIGNUP_MESSAGES } from '../../../common/rules';
import { profiles, sessions, users } from '../../db/schema';
import { buildUser, signIn, STUDENT_DETAILS, TEST_PASSWORD } from '../../test/factories';
import { call, createTestApp, sessionCookie, type TestApp } from '../../test/harness';
import { CookieJar, signInAtProvider, startOidcProvider, TEST_CLIENT, type ProviderAccount } from '../../test/oidc';

const PUBLIC_URL = 'http://localhost:3000';
const CALLBACK = `${PUBLIC_URL}/api/auth/google/callback`;

const accounts: Record<string, ProviderAccount> = {};
let provider: Awaited<ReturnType<typeof startOidcProvider>>;
let t: TestApp;

beforeAll(async () => {
  provider = await startOidcProvider(CALLBACK, accounts);
  t = await createTestApp({
    env: {
      PUBLIC_URL,
      GOOGLE_CLIENT_ID: TEST_CLIENT.id,
      GOOGLE_CLIENT_SECRET: TEST_CLIENT.secret,
      GOOGLE_ISSUER: provider.issuer,
    },
  });
});
afterAll(async () => {
  await t?.close();
  await provider?.close();
});

let counter = 0;
/** A person at the provider; returns their account id there. */
function providerAccount(account: Partial<ProviderAccount> = {}): string {
  const id = `person-${++counter}`;
  accounts[id] = { email: `google${counter}-${Date.now()}@example.com`, emailVerified: true, ...account };
  return id;
}

/** Injects a request with the browser's cookies for the academy, and keeps the cookies it sets. */
async function browse(jar: CookieJar, method: 'GET' | 'POST', url: string, payload?: object) {
  const response = await call(t.app, jar.header() || null, { method, url, ...(payload ? { payload } : {}) });
  jar.take(response.headers['set-cookie']);
  return response;
}

/**
 * Presses "Continue with Google", signs in at the provider and comes back: returns the academy's answer to the
 * callback and the browser's cookies. `tamper` changes the callback address before the browser follows it.
 */
async function googleSignIn(
  accountId: string,
  options: { abort?: boolean; tamper?: (url: URL) => void; jar?: CookieJar } = {},
) {
  const jar = options.jar ?? new CookieJar();
  const start = await browse(jar, 'GET', '/api/auth/google');
  expect(start.statusCode).toBe(303);
  expect(jar.get('academy_oidc')).toBeTruthy();
  const back = await signInAtProvider(start.headers.location as string, {
    accountId,
    stopAt: CALLBACK,
    abort: options.abort,
  });
  options.tamper?.(back);
  const callback = await browse(jar, 'GET', `${back.pathname}${back.search}`);
  return { callback, jar, back };
}

const parent = { first_name: 'Grace', last_name: 'Hopper', phone_number: '(123) 456-7890', address: '2 Cobol Road' };

async function me(jar: CookieJar) {
  const response = await browse(jar, 'GET', '/api/auth/me');
  return response.statusCode === 200 ? (response.json().user as { id: string; email: string; type: string }) : null;
}

describe('sign-in with Google', () => {
  it('tells the sign-in page that Google is offered, and Facebook not', async () => {
    const response = await call(t.app, null, { method: 'GET', url: '/api/auth/providers' });
    expect(response.json()).toEqual({ google: true, facebook: false });
  });

  it('sends the browser to the provider with PKCE, state, nonce and the academy callback', async () => {
    const jar = new CookieJar();
    const start = await browse(jar, 'GET', '/api/auth/google');
    const url = new URL(start.headers.location as string);
    expect(url.origin).toBe(provider.issuer);
    expect(url.searchParams.get('client_id')).toBe(TEST_CLIENT.id);
    expect(url.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('state')).toBeTruthy();
    expect(url.searchParams.get('nonce')).toBeTruthy();
    const cookie = String(start.headers['set-cookie']);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\/api\/auth\/google/);
    // The cookie keeps the checks sealed: neither the state nor the verifier can be read from it.
    expect(jar.get('academy_oidc')).not.toContain(url.searchParams.get('state'));
  });

  it('signs an existing account in with a session like a password sign-in, and links a password account', async () => {
    const user = await buildUser(t.db, 'teacher', { email: `linked-${Date.now()}@example.com` });
    const id = providerAccount({ email: user.email.toUpperCase() });
    const { callback, jar } = await googleSignIn(id);
    expect(callback.statusCode).toBe(303);
    expect(callback.headers.location).toBe('/dashboard');
    expect(jar.get('academy_oidc')).toBeUndefined();
    const cookie = sessionCookie(callback);
    expect(String(callback.headers['set-cookie'])).toMatch(/academy_session=[^;]+; Path=\/; HttpOnly; SameSite=Lax/);
    expect((await me(jar))?.id).toBe(user.id);
    const [session] = await t.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(session.remember).toBe(false);
    // The same account, with its password still working.
    expect(await signIn(t.app, { email: user.email, password: TEST_PASSWORD })).not.toBe(cookie);
    expect(await t.db.select().from(users).where(eq(users.email, user.email))).toHaveLength(1);
  });

  it('starts a sign-up as a parent for a new e-mail: no account until the profile is complete', async () => {
    const id = providerAccount({ givenName: 'Grace', familyName: 'Hopper' });
    const email = accounts[id].email;
    const { callback, jar } = await googleSignIn(id);
    expect(callback.statusCode).toBe(303);
    expect(callback.headers.location).toBe('/signup?via=google');
    expect(callback.cookies.find((c) => c.name === 'academy_session')).toBeUndefined();
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);

    const pending = await browse(jar, 'GET', '/api/auth/google/signup');
    expect(pending.json()).toEqual({ email, first_name: 'Grace', last_name: 'Hopper' });

    const bad = await browse(jar, 'POST', '/api/auth/google/complete-profile', { type: 'parent', extra_field: {} });
    expect(bad.statusCode).toBe(400);

    const done = await browse(jar, 'POST', '/api/auth/google/complete-profile', {
      type: 'parent',
      extra_field: parent,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().user).toMatchObject({ email, type: 'parent' });
    expect((await me(jar))?.email).toBe(email);
    const [created] = await t.db.select().from(users).where(eq(users.email, email));
    expect(created.emailVerifiedAt).not.toBeNull();
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.userId, created.id));
    expect(profile).toMatchObject({ firstName: 'Grace', address: '2 Cobol Road', school: null });

    // The sign-up is spent; Google now signs the new account in.
    const again = await call(t.app, null, {
      method: 'POST',
      url: '/api/auth/google/complete-profile',
      payload: { type: 'parent', extra_field: parent },
    });
    expect(again.json().message).toBe(GOOGLE_SIGNUP_MESSAGES.expired);
    const next = await googleSignIn(id);
    expect(next.callback.headers.location).toBe('/dashboard');
    expect((await me(next.jar))?.id).toBe(created.id);
  });

  it('starts a sign-up as a student for a new e-mail, with the student profile', async () => {
    const id = providerAccount();
    const email = accounts[id].email;
    const { callback, jar } = await googleSignIn(id);
    expect(callback.headers.location).toBe('/signup?via=google');
    const missing = await browse(jar, 'POST', '/api/auth/google/complete-profile', {
      type: 'student',
      extra_field: parent,
    });
    expect(missing.statusCode).toBe(400);
    const done = await browse(jar, 'POST', '/api/auth/google/complete-profile', {
      type: 'student',
      extra_field: STUDENT_DETAILS,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().user).toMatchObject({ email, type: 'student' });
    const [created] = await t.db.select().from(users).where(eq(users.email, email));
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.userId, created.id));
    expect(profile).toMatchObject({ school: 'Engine Middle School', gradeLevel: '7' });
    // A second tab that finishes the same sign-up finds the account made.
    const twice = await browse(jar, 'POST', '/api/auth/google/complete-profile', {
      type: 'student',
      extra_field: STUDENT_DETAILS,
    });
    expect(twice.json().message).toBe(GOOGLE_SIGNUP_MESSAGES.expired);
  });

  it('refuses a sign-up without the browser that signed in at Google', async () => {
    const response = await call(t.app, null, { method: 'GET', url: '/api/auth/google/signup' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(GOOGLE_SIGNUP_MESSAGES.expired);
    const forged = await call(t.app, 'academy_oidc=abc.def.ghi', {
      method: 'POST',
      url: '/api/auth/google/complete-profile',
      payload: { type: 'parent', extra_field: parent },
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toBe(GOOGLE_SIGNUP_MESSAGES.expired);
  });

  it('refuses a callback whose state does not match, one without the cookie, and a callback used twice', async () => {
    const user = await buildUser(t.db, 'student', { email: `state-${Date.now()}@example.com` });
    const id = providerAccount({ email: user.email });
    const mismatched = await googleSignIn(id, { tamper: (url) => url.searchParams.set('state', 'forged') });
    expect(mismatched.callback.statusCode).toBe(303);
    expect(mismatched.callback.headers.location).toBe('/signin?googleError=state');
    expect(mismatched.callback.cookies.find((c) => c.name === 'academy_session')).toBeUndefined();

    // Another browser (no flow cookie) following the same address.
    const signedIn = await googleSignIn(id);
    const elsewhere = await call(t.app, null, {
      method: 'GET',
      url: `${signedIn.back.pathname}${signedIn.back.search}`,
    });
    expect(elsewhere.headers.location).toBe('/signin?googleError=state');

    // The same browser's cookie sent again with the same address: the flow was used.
    const jar = new CookieJar();
    const start = await browse(jar, 'GET', '/api/auth/google');
    const flowCookie = jar.header();
    const back = await signInAtProvider(start.headers.location as string, { accountId: id, stopAt: CALLBACK });
    const url = `${back.pathname}${back.search}`;
    const first = await call(t.app, flowCookie, { method: 'GET', url });
    expect(first.headers.location).toBe('/dashboard');
    const replay = await call(t.app, flowCookie, { method: 'GET', url });
    expect(replay.headers.location).toBe('/signin?googleError=state');
    expect(replay.cookies.find((c) => c.name === 'academy_session')).toBeUndefined();
  });

  it('refuses an unverified e-mail, creating nothing, even when an account has that e-mail', async () => {
    const user = await buildUser(t.db, 'parent', { email: `unverified-${Date.now()}@example.com` });
    const known = await googleSignIn(providerAccount({ email: user.email, emailVerified: false }));
    expect(known.callback.headers.location).toBe('/signin?googleError=unverified');
    expect(known.callback.cookies.find((c) => c.name === 'academy_session')).toBeUndefined();
    const id = providerAccount({ emailVerified: false });
    const fresh = await googleSignIn(id);
    expect(fresh.callback.headers.location).toBe('/signin?googleError=unverified');
    expect(await t.db.select().from(users).where(eq(users.email, accounts[id].email))).toHaveLength(0);
    expect((await browse(fresh.jar, 'GET', '/api/auth/google/signup')).statusCode).toBe(400);
    expect(GOOGLE_SIGN_IN_ERRORS.unverified).toMatch(/verified/);
  });

  it('ends on the sign-in page when the person cancels at the provider', async () => {
    const { callback, back } = await googleSignIn(providerAccount(), { abort: true });
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(callback.statusCode).toBe(303);
    expect(callback.headers.location).toBe('/signin?googleError=provider');
  });

  it('ends on the sign-in page when the code is not the provider’s', async () => {
    const { callback } = await googleSignIn(providerAccount(), { tamper: (url) => url.searchParams.set('code', 'x') });
    expect(callback.headers.location).toBe('/signin?googleError=provider');
  });

  it('refuses a disabled account', async () => {
    const user = await buildUser(t.db, 'student', { email: `off-${Date.now()}@example.com`, status: 'inactive' });
    const { callback } = await googleSignIn(providerAccount({ email: user.email }));
    expect(callback.headers.location).toBe('/signin?googleError=inactive');
    expect(callback.cookies.find((c) => c.name === 'academy_session')).toBeUndefined();
  });
});

describe('without GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET', () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await createTestApp();
  });
  afterAll(() => plain?.close());

  it('offers no provider, and every Google route answers 404', async () => {
    const providers = await call(plain.app, null, { method: 'GET', url: '/api/auth/providers' });
    expect(providers.json()).toEqual({ google: false, facebook: false });
    for (const url of ['/api/auth/google', '/api/auth/google/callback?code=x&state=y', '/api/auth/google/signup'])
      expect((await call(plain.app, null, { method: 'GET', url })).statusCode, url).toBe(404);
    const complete = await call(plain.app, null, {
      method: 'POST',
      url: '/api/auth/google/complete-profile',
      payload: { type: 'parent', extra_field: parent },
    });
    expect(complete.statusCode).toBe(404);
  });
});

describe('a provider that cannot be reached, and too many tries', () => {
  it('send the browser back to the sign-in page with a message, not an error', async () => {
    // A hundredth of the limits: two trips per address, then "busy".
    const app = await createTestApp({
      rateLimitFactor: 0.01,
      env: { GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret', GOOGLE_ISSUER: 'http://127.0.0.1:9' },
    });
    try {
      const start = () => call(app.app, null, { method: 'GET', url: '/api/auth/google' });
      const response = await start();
      expect(response.statusCode).toBe(303);
      expect(response.headers.location).toBe('/signin?googleError=unavailable');
      expect((await start()).headers.location).toBe('/signin?googleError=unavailable');
      const busy = await start();
      expect(busy.statusCode).toBe(303);
      expect(busy.headers.location).toBe('/signin?googleError=busy');
      const callback = await call(app.app, null, { method: 'GET', url: '/api/auth/google/callback?code=x&state=y' });
      expect(callback.headers.location).toBe('/signin?googleError=busy');
    } finally {
      await app.close();
    }
  });
});
