/**
 * Playwright's global setup: an OpenID Connect provider on this machine stands in for Google for the whole run
 * (the server is started with GOOGLE_ISSUER pointing at it). Any login that is an e-mail address signs in as a
 * verified e-mail; the login `unverified+<e-mail>` as that e-mail, unverified.
 */
import { startOidcProvider } from '../server/test/oidc';

export default async function setup() {
  const academies = JSON.parse(process.env.E2E_ACADEMIES!) as Array<{ url: string }>;
  const provider = await startOidcProvider(
    academies.map((academy) => `${academy.url}/api/auth/google/callback`),
    (login) => {
      if (!login.includes('@')) return undefined;
      const unverified = login.startsWith('unverified+');
      return {
        email: login.replace(/^unverified\+/, ''),
        emailVerified: !unverified,
        givenName: 'Grace',
        familyName: 'Hopper',
      };
    },
    Number(process.env.E2E_OIDC_PORT),
  );
  return () => provider.close();
}
