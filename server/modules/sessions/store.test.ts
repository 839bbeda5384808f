import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, signIn } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/harness';
import { userForToken } from './store';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the signed-in user of a request', () => {
  it('carries no password hash, and its type as the API spells it', async () => {
    const user = await buildUser(t.db, 'data-entry');
    const token = (await signIn(t.app, user)).replace('academy_session=', '');
    const found = await userForToken(t.db, token, t.clock.now());
    expect(found?.user.email).toBe(user.email);
    expect(found?.user).not.toHaveProperty('passwordHash');
    expect(found?.user.type).toBe('data-entry');
  });
});
