import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  OTP_TTL_SECONDS,
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
import { Conflict, Forbidden, Invalid, Unauthorized } from '../../lib/errors';
import { alreadyRegisteredMail, codeMail } from '../../lib/mail';
import { hitLimit } from '../../lib/rate-limit';
import { endAllSessions, type CurrentUser } from '../../plugins/session';
import { consumeVerifiedCode, issueCode, verifyCode } from './codes';

const minutes = OTP_TTL_SECONDS / 60;

async function findUserByEmail(ctx: AppContext, email: string) {
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email)).limit(1);
  return user ?? null;
}

async function limitPerIp(ctx: AppContext, action: string, ip: string, max: number, windowSeconds: number) {
  await hitLimit(
    ctx.db,
    { key: `${action}:ip:${ip}`, max: max * ctx.rateLimitFactor, windowSeconds, message: 'Too many requests. Please wait a few minutes and try again.' },
    ctx.now(),
  );
}

/** Sign-up sends a code, or, for an e-mail that already has an account, a notice instead: same answer either way. */
export async function signup(ctx: AppContext, email: string, ip: string): Promise<void> {
  await limitPerIp(ctx, 'signup', ip, 20, 3600);
  const existing = await findUserByEmail(ctx, email);
  await issueCode(ctx, email, 'email-verification', (code) =>
    existing ? alreadyRegisteredMail(email, ctx.config.publicUrl) : codeMail(email, 'email-verification', code, minutes),
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

export async function resetPassword(ctx: AppContext, input: z.output<typeof resetPasswordBody>): Promise<void> {
  const now = ctx.now();
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.transaction(async (tx) => {
    const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1);
    const consumed = user && (await consumeVerifiedCode(tx, input.email, 'password-reset', RESET_VERIFIED_WINDOW_SECONDS, now));
    if (!user || !consumed) {
      throw Invalid('Please verify your reset code first. A verified code can be used once, within 10 minutes.');
    }
    await tx.update(users).set({ passwordHash, emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, user.id));
    await endAllSessions(tx, user.id);
    return user.id;
  }).then((userId) => ctx.sessionCache.evictUser(userId));
}

/** Creates the student after a verified sign-up code; returns the new user's id. */
export async function completeProfile(ctx: AppContext, input: z.output<typeof completeProfileBody>): Promise<string> {
  const now = ctx.now();
  const passwordHash = await hashPassword(input.password);
  const d = input.extra_field;
  return ctx.db.transaction(async (tx) => {
    if (await findUserByEmail({ ...ctx, db: tx }, input.email)) throw Conflict('An account with this email already exists. Please sign in.');
    if (!(await consumeVerifiedCode(tx, input.email, 'email-verification', SIGNUP_VERIFIED_WINDOW_SECONDS, now))) {
      throw Invalid('Please verify your email before completing your profile. Verification is valid for 30 minutes.');
    }
    const [user] = await tx
      .insert(users)
      .values({ email: input.email, passwordHash, type: 'student', emailVerifiedAt: now })
      .returning({ id: users.id });
    await tx.insert(profiles).values({
      userId: user.id,
      firstName: d.first_name,
      lastName: d.last_name,
      gender: d.gender,
      birthday: d.birthday,
      phoneNumber: d.phone_number,
      address: d.address,
      school: d.school,
      gradeLevel: d.grade_level,
    });
    return user.id;
  });
}

/** Checks the credentials; one message for an unknown e-mail and a wrong password. */
export async function login(ctx: AppContext, input: z.output<typeof loginBody>, ip: string) {
  await limitPerIp(ctx, 'login', ip, 30, 900);
  await hitLimit(
    ctx.db,
    {
      key: `login:email:${input.email}`,
      max: 10 * ctx.rateLimitFactor,
      windowSeconds: 900,
      message: 'Too many sign-in attempts for this email. Please wait 15 minutes or reset your password.',
    },
    ctx.now(),
  );
  const user = await findUserByEmail(ctx, input.email);
  const ok = await verifyPassword(user?.passwordHash ?? null, input.password);
  if (!user || !ok) throw Unauthorized('Invalid email or password');
  if (user.status !== 'active') throw Forbidden('Your account is inactive. Please contact the academy.');
  return user;
}

export async function changePassword(ctx: AppContext, user: CurrentUser, input: z.output<typeof changePasswordBody>) {
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) throw Invalid('Current password is incorrect');
  if (input.currentPassword === input.newPassword) throw Invalid('New password must be different from the current password');
  const passwordHash = await hashPassword(input.newPassword);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: ctx.now() }).where(eq(users.id, user.id));
    await endAllSessions(tx, user.id);
  });
  ctx.sessionCache.evictUser(user.id);
}
