/**
 * A real OpenID Connect provider on a free local port (oidc-provider with its development login and consent
 * forms), and a small browser that follows redirects by hand and keeps cookies: the tests of "Sign in with Google"
 * reach nothing outside this machine.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

export interface ProviderAccount {
  email: string;
  emailVerified: boolean;
  givenName?: string;
  familyName?: string;
}

export const TEST_CLIENT = { id: 'academy-test-client', secret: 'academy-test-secret-0123456789abcdef' };

/**
 * Starts the provider with one client (TEST_CLIENT) allowed to return to `redirectUri` (or to each of several); a login is an account of
 * `accounts`, by its key or as the function answers.
 */
export async function startOidcProvider(
  redirectUri: string | string[],
  accounts: Record<string, ProviderAccount> | ((login: string) => ProviderAccount | undefined),
  port = 0,
) {
  let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end();
  const server = createServer((req, res) => handle(req, res));
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: TEST_CLIENT.id,
        client_secret: TEST_CLIENT.secret,
        redirect_uris: [redirectUri].flat(),
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    findAccount(_ctx, id) {
      const account = typeof accounts === 'function' ? accounts(id) : accounts[id];
      if (!account) return undefined;
      return {
        accountId: id,
        claims: () => ({
          sub: id,
          email: account.email,
          email_verified: account.emailVerified,
          given_name: account.givenName ?? 'Grace',
          family_name: account.familyName ?? 'Hopper',
        }),
      };
    },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    features: { devInteractions: { enabled: true } },
    cookies: { keys: ['academy-test-cookie-key'] },
    pkce: { required: () => true },
  });
  // The provider's own warnings (development keys, development forms) are expected here.
  provider.on('server_error', (_ctx, error) => console.error('oidc-provider', error));
  handle = provider.callback();
  return {
    issuer,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Cookies of one site, as a browser keeps them (paths and expiry are not needed by these tests). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  take(setCookie: string | string[] | undefined): void {
    for (const line of [setCookie ?? []].flat()) {
      const [pair, ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a) || /^\s*max-age=0\b/i.test(a));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }
}

/**
 * Follows the provider's redirects from `url` with fetch, signing in as `accountId` on the development login form
 * and consenting (or pressing "cancel" when `abort`), until the provider sends the browser to `stopAt`; returns that
 * address.
 */
export async function signInAtProvider(
  url: string,
  { accountId, stopAt, abort = false }: { accountId: string; stopAt: string; abort?: boolean },
): Promise<URL> {
  const jar = new CookieJar();
  let next = new URL(url);
  let body: URLSearchParams | undefined;
  for (let hop = 0; hop < 20; hop++) {
    if (next.href.startsWith(stopAt)) return next;
    const response = await fetch(next, {
      method: body ? 'POST' : 'GET',
      redirect: 'manual',
      headers: { cookie: jar.header(), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body,
    });
    jar.take(response.headers.getSetCookie());
    body = undefined;
    const location = response.headers.get('location');
    if (location) {
      await response.arrayBuffer();
      next = new URL(location, next);
      continue;
    }
    const html = await response.text();
    if (response.status !== 200) throw new Error(`The provider answered ${response.status}: ${html.slice(0, 500)}`);
    // The development forms: the login form asks for a login, the consent form for a yes.
    const interaction = /\/interaction\/[\w-]+/.exec(next.pathname)?.[0];
    if (!interaction) throw new Error(`Unexpected provider page at ${next.href}`);
    if (abort) {
      next = new URL(`${interaction}/abort`, next);
      continue;
    }
    body = html.includes('name="login"')
      ? new URLSearchParams({ prompt: 'login', login: accountId, password: 'any' })
      : new URLSearchParams({ prompt: 'consent' });
    next = new URL(interaction, next);
  }
  throw new Error('Too many redirects at the provider');
}
