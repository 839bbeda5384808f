import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  OTP_TTL_SECONDS,
  USER_MESSAGES,
  RESET_VERIFIED_WINDOW_SECONDS,
  SIGNUP_VERIFIED_WINDOW_SECONDS,
} from '../../../common/rules';
import type {
  changePasswordBody,
  completeProfileBody,
  loginBody,
  OtpPurpose,
  resetPasswordBody,
} from '../../../common/schemas/auth';
import type { AppContext } from '../../context';
import { profiles, users } from '../../db/schema';
import { hashPassword, verifyPassword } from '../../lib/crypto';
import { Conflict, Forbidden, Invalid, isUniqueViolation, Unauthorized } from '../../lib/errors';
import { alreadyRegisteredMail, codeMail } from '../../lib/mail';
import { clearLimits, hitLimit, limitPerIp, limitPerUser, refundLimits, TOO_MANY_REQUESTS } from '../../lib/rate-limit';
import { endAllSessions, type CurrentUser } from '../sessions/store';
import { consumeVerifiedCode, hasVerifiedCode, issueCode, verifyCode } from './codes';

const minutes = OTP_TTL_SECONDS / 60;

async function findUserByEmail(ctx: AppContext, email: string) {
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email)).limit(1);
  return user ?? null;
}

/**
 * Sign-in counts failures only (a try is counted before it is judged and refunded when the password is right),
 * on three counters:
 * - per client address, any account: 30 failures in 15 minutes;
 * - per account and client address: 10 failures in 15 minutes lock this account for this address only, so a
 *   guesser elsewhere cannot lock the owner out;
 * - per account, every address together: 50 failures in an hour lock the account everywhere, which bounds
 *   guessing from many addresses. The owner lifts it at once by resetting the password through the e-mail
 *   (`resetPassword` clears it), so it never keeps out someone who holds the mailbox.
 * Unknown e-mails are counted alike, so the answers never tell who has an account.
 */
const SIGN_IN_LIMITS = {
  ip: { max: 30, windowSeconds: 900, message: TOO_MANY_REQUESTS },
  client: {
    max: 10,
    windowSeconds: 900,
    message: 'Too many sign-in attempts for this email. Please wait 15 minutes or reset your password.',
  },
  account: {
    max: 50,
    windowSeconds: 3600,
    message:
      'Too many failed sign-in attempts for this email. Reset your password to sign in now, or try again in an hour.',
  },
} as const;

function signInKeys(email: string, ip: string): Record<keyof typeof SIGN_IN_LIMITS, string> {
  return { ip: `login:ip:${ip}`, client: `login:client:${ip}:${email}`, account: `login:account:${email}` };
}

/** Sign-up sends a code, or, for an e-mail that already has an account, a notice instead: same answer either way. */
export async function signup(ctx: AppContext, email: string, ip: string): Promise<void> {
  await limitPerIp(ctx, 'signup', ip, 20, 3600);
  const existing = await findUserByEmail(ctx, email);
  await issueCode(ctx, email, 'email-verification', (code) =>
    existing
      ? alreadyRegisteredMail(email, ctx.config.publicUrl)
      : codeMail(email, 'email-verification', code, minutes),
  );
}

/** A new code for either purpose; the old one ends. Reset codes go only to existing accounts. */
export async function resendCode(ctx: AppContext, email: string, purpose: OtpPurpose, ip: string): Promise<void> {
  await limitPerIp(ctx, 'code', ip, 30, 3600);
  const existing = await findUserByEmail(ctx, email);
  await issueCode(ctx, email, purpose, (code) => {
    if (purpose === 'password-reset') return existing ? codeMail(email, purpose, code, minutes) : null;
    return existing ? alreadyRegisteredMail(email, ctx.config.publicUrl) : codeMail(email, purpose, code, minutes);
  });
}

export async function verifyOtp(ctx: AppContext, email: string, otp: string, ip: string, purpose?: OtpPurpose) {
  await limitPerIp(ctx, 'verify', ip, 60, 900);
  return verifyCode(ctx, email, otp, purpose);
}

/**
 * Sets a new password after a verified reset code. The code is looked at before the password is hashed, so a
 * request without one costs no hashing. Proving the mailbox also lifts the sign-in lock of the account and of
 * this client (see `login`).
 */
export async function resetPassword(
  ctx: AppContext,
  input: z.output<typeof resetPasswordBody>,
  ip: string,
): Promise<void> {
  await limitPerIp(ctx, 'reset', ip, 30, 3600);
  const now = ctx.now();
  const notVerified = () =>
    Invalid('Please verify your reset code first. A verified code can be used once, within 10 minutes.');
  if (!(await hasVerifiedCode(ctx.db, input.email, 'password-reset', RESET_VERIFIED_WINDOW_SECONDS, now)))
    throw notVerified();
  const passwordHash = await hashPassword(input.newPassword);
  const userId = await ctx.db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1);
    const consumed =
      user && (await consumeVerifiedCode(tx, input.email, 'password-reset', RESET_VERIFIED_WINDOW_SECONDS, now));
    if (!user || !consumed) throw notVerified();
    await tx.update(users).set({ passwordHash, emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, user.id));
    await endAllSessions(tx, user.id);
    return user.id;
  });
  ctx.sessionCache.evictUser(userId);
  const locks = signInKeys(input.email, ip);
  await clearLimits(ctx.db, [locks.account, locks.client]);
}

/** The profile a sign-up writes: a student's with their school, grade and birthday, a parent's without. */
function signupProfile(input: z.output<typeof completeProfileBody>): Omit<typeof profiles.$inferInsert, 'userId'> {
  const d = input.extra_field;
  const common = { firstName: d.first_name, lastName: d.last_name, phoneNumber: d.phone_number, address: d.address };
  if (input.type === 'parent') return common;
  const s = input.extra_field;
  return { ...common, gender: s.gender, birthday: s.birthday, school: s.school, gradeLevel: s.grade_level };
}

/**
 * Creates the student or parent after a verified sign-up code; returns the new user's id.
 * The code comes first: without one the answer is the same whether or not the e-mail has an account (only the
 * mailbox's owner can learn that), and no password is hashed.
 */
export async function completeProfile(
  ctx: AppContext,
  input: z.output<typeof completeProfileBody>,
  ip: string,
): Promise<string> {
  await limitPerIp(ctx, 'profile', ip, 20, 3600);
  const now = ctx.now();
  const notVerified = () =>
    Invalid('Please verify your email before completing your profile. Verification is valid for 30 minutes.');
  if (!(await hasVerifiedCode(ctx.db, input.email, 'email-verification', SIGNUP_VERIFIED_WINDOW_SECONDS, now)))
    throw notVerified();
  const passwordHash = await hashPassword(input.password);
  const taken = () => Conflict('An account with this email already exists. Please sign in.');
  try {
    return await ctx.db.transaction(async (tx) => {
      if (await findUserByEmail({ ...ctx, db: tx }, input.email)) throw taken();
      if (!(await consumeVerifiedCode(tx, input.email, 'email-verification', SIGNUP_VERIFIED_WINDOW_SECONDS, now)))
        throw notVerified();
      const [user] = await tx
        .insert(users)
        .values({ email: input.email, passwordHash, type: input.type, emailVerifiedAt: now })
        .returning({ id: users.id });
      await tx.insert(profiles).values({ userId: user.id, ...signupProfile(input) });
      return user.id;
    });
  } catch (error) {
    // An account made for the e-mail meanwhile (an admin registering it): the unique index decides.
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}

/** Checks the credentials; one message for an unknown e-mail and a wrong password. */
export async function login(ctx: AppContext, input: z.output<typeof loginBody>, ip: string) {
  const keys = signInKeys(input.email, ip);
  for (const counter of ['ip', 'client', 'account'] as const) {
    const limit = SIGN_IN_LIMITS[counter];
    await hitLimit(
      ctx.db,
      {
        key: keys[counter],
        max: limit.max * ctx.rateLimitFactor,
        windowSeconds: limit.windowSeconds,
        message: limit.message,
      },
      ctx.now(),
    );
  }
  const user = await findUserByEmail(ctx, input.email);
  const ok = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !ok) throw Unauthorized('Invalid email or password');
  await refundLimits(ctx.db, [keys.ip, keys.account]);
  // Earlier slips of this client on this account are forgiven once the owner signs in.
  await clearLimits(ctx.db, [keys.client]);
  if (user.status !== 'active') throw Forbidden(USER_MESSAGES.inactive);
  return user;
}

/** A stolen session must not become a way to test passwords: 5 tries in 15 minutes, right or wrong. */
const PASSWORD_CHANGE_LIMIT = {
  max: 5,
  windowSeconds: 900,
  message: 'Too many password change attempts. Please wait 15 minutes and try again.',
};

export async function changePassword(ctx: AppContext, user: CurrentUser, input: z.output<typeof changePasswordBody>) {
  await limitPerUser(ctx, 'password-change', user.id, PASSWORD_CHANGE_LIMIT);
  // The request user carries no password hash: it is read here, the one place that needs it.
  const [stored] = await ctx.db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, user.id))
    .limit(1);
  const storedHash = stored?.passwordHash ?? null;
  if (!(await verifyPassword(storedHash, input.currentPassword)) || storedHash === null)
    throw Invalid('Current password is incorrect');
  if (input.currentPassword === input.newPassword)
    throw Invalid('New password must be different from the current password');
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.transaction(async (tx) => {
    // Changed only if the password checked above is still the stored one: of two changes sent at once with the same
    // current password, the second finds it replaced and is refused, as it would be had it come a moment later.
    const changed = await tx
      .update(users)
      .set({ passwordHash, updatedAt: ctx.now() })
      .where(and(eq(users.id, user.id), eq(users.passwordHash, storedHash)))
      .returning({ id: users.id });
    if (changed.length === 0) throw Invalid('Current password is incorrect');
    await endAllSessions(tx, user.id);
  });
  ctx.sessionCache.evictUser(user.id);
}
