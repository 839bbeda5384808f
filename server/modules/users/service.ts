import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { profileUpdateBody, SessionUser } from '../../../common/schemas/auth';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import { profiles, users } from '../../db/schema';
import { Invalid, NotFound } from '../../lib/errors';
import { announceUserChange } from '../sessions/cache';
import type { CurrentUser } from '../sessions/store';
import { accountOf, presentSessionUser } from './present';

/** One user with their profile, as the session reports it. */
export async function sessionUserById(db: Db, userId: string): Promise<SessionUser> {
  const [row] = await db
    .select({ user: users, profile: profiles })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw NotFound('User not found');
  return presentSessionUser(accountOf(row.user), row.profile);
}

/** The entries that hold a value (null included): what a partial edit writes. */
function definedOnly<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** A user edits their own profile. The e-mail cannot change here; school and grade belong to students only. */
export async function updateOwnProfile(
  ctx: AppContext,
  user: CurrentUser,
  input: z.output<typeof profileUpdateBody>,
): Promise<SessionUser> {
  if (input.email !== undefined && input.email.trim().toLowerCase() !== user.email) {
    throw Invalid('Your email cannot be changed here.');
  }
  const d = input.extra_field;
  const isStudent = user.type === 'student';
  // A detail left out is undefined here, and the write leaves its column as it is.
  const values = definedOnly({
    firstName: d.first_name,
    lastName: d.last_name,
    phoneNumber: d.phone_number,
    address: d.address,
    gender: d.gender,
    birthday: d.birthday,
    ...(isStudent ? { school: d.school, gradeLevel: d.grade_level } : {}),
  });
  await ctx.db.transaction(async (tx) => {
    if (Object.keys(values).length)
      await tx
        .insert(profiles)
        .values({ userId: user.id, ...values })
        .onConflictDoUpdate({ target: profiles.userId, set: values });
    await tx.update(users).set({ updatedAt: ctx.now() }).where(eq(users.id, user.id));
    await announceUserChange(tx, user.id);
  });
  ctx.sessionCache.evictUser(user.id);
  return sessionUserById(ctx.db, user.id);
}
