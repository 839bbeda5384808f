import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { OtpPurpose } from '../../../common/schemas/auth';
import {
  OTP_MAX_ATTEMPTS,
  OTP_MAX_PER_HOUR,
  OTP_RESEND_COOLDOWN_SECONDS,
  OTP_TTL_SECONDS,
} from '../../../common/rules';
import type { AppContext } from '../../context';
import { emailCodes } from '../../db/schema';
import { hashCode, newCode } from '../../lib/crypto';
import { Invalid, TooMany } from '../../lib/errors';
import type { Mail } from '../../lib/mail';

/**
 * Issues a new six-digit code for an e-mail and purpose, ending the previous one.
 * `mailFor` decides what is sent: the code, or another mail (an account that already exists gets a notice
 * instead, and an unknown account asking for a reset gets nothing), so the answer never tells who is registered.
 * The cooldown and hourly cap count every request alike, for the same reason.
 */
export async function issueCode(
  ctx: AppContext,
  email: string,
  purpose: OtpPurpose,
  mailFor: (code: string) => Mail | null,
): Promise<void> {
  const now = ctx.now();
  const [last] = await ctx.db
    .select({ sentAt: emailCodes.sentAt })
    .from(emailCodes)
    .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose)))
    .orderBy(desc(emailCodes.sentAt))
    .limit(1);
  if (last) {
    const wait = OTP_RESEND_COOLDOWN_SECONDS - (now.getTime() - last.sentAt.getTime()) / 1000;
    if (wait > 0) {
      const seconds = Math.ceil(wait);
      throw TooMany(`Please wait ${seconds} second${seconds === 1 ? '' : 's'} before requesting a new code.`, seconds);
    }
  }
  const hourAgo = new Date(now.getTime() - 3600_000);
  const [recent] = await ctx.db
    .select({ count: sql<number>`count(*)::int`, oldest: sql<string>`min(${emailCodes.sentAt})` })
    .from(emailCodes)
    .where(and(eq(emailCodes.email, email), gt(emailCodes.sentAt, hourAgo)));
  if (recent && recent.count >= OTP_MAX_PER_HOUR) {
    const retry = (new Date(recent.oldest).getTime() + 3600_000 - now.getTime()) / 1000;
    throw TooMany('Too many codes were requested for this email. Please try again later.', retry);
  }

  const code = newCode();
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(emailCodes)
      .set({ consumedAt: now })
      .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose), isNull(emailCodes.consumedAt)));
    await tx.insert(emailCodes).values({
      email,
      purpose,
      codeHash: hashCode(email, purpose, code),
      sentAt: now,
      expiresAt: new Date(now.getTime() + OTP_TTL_SECONDS * 1000),
    });
  });
  const mail = mailFor(code);
  if (mail) await ctx.mailer.send(mail);
}

/**
 * Checks a code against the newest live code of the e-mail (of the purpose, when given).
 * Each wrong try counts; the fifth ends the code.
 */
export async function verifyCode(ctx: AppContext, email: string, otp: string, purpose?: OtpPurpose): Promise<OtpPurpose> {
  const now = ctx.now();
  const [row] = await ctx.db
    .select()
    .from(emailCodes)
    .where(
      and(
        eq(emailCodes.email, email),
        isNull(emailCodes.consumedAt),
        isNull(emailCodes.verifiedAt),
        purpose ? eq(emailCodes.purpose, purpose) : undefined,
      ),
    )
    .orderBy(desc(emailCodes.sentAt))
    .limit(1);
  if (!row) throw Invalid('No verification code is waiting for this email. Please request a new code.');
  if (row.attempts >= OTP_MAX_ATTEMPTS) throw Invalid('Too many incorrect attempts. Please request a new code.');
  if (row.expiresAt <= now) throw Invalid('This verification code has expired. Please request a new code.');
  if (row.codeHash !== hashCode(email, row.purpose, otp)) {
    // Counted in one statement, so parallel guesses cannot share a try.
    const [updated] = await ctx.db
      .update(emailCodes)
      .set({ attempts: sql`${emailCodes.attempts} + 1` })
      .where(eq(emailCodes.id, row.id))
      .returning({ attempts: emailCodes.attempts });
    const left = OTP_MAX_ATTEMPTS - (updated?.attempts ?? OTP_MAX_ATTEMPTS);
    if (left <= 0) throw Invalid('Too many incorrect attempts. Please request a new code.');
    throw Invalid(`Invalid verification code. ${left} attempt${left === 1 ? '' : 's'} left.`);
  }
  const [verified] = await ctx.db
    .update(emailCodes)
    .set({ verifiedAt: now })
    .where(and(eq(emailCodes.id, row.id), isNull(emailCodes.verifiedAt)))
    .returning({ id: emailCodes.id });
  if (!verified) throw Invalid('This verification code has already been used. Please request a new code.');
  return row.purpose as OtpPurpose;
}

function verifiedCodeOf(email: string, purpose: OtpPurpose, windowSeconds: number, now: Date) {
  const since = new Date(now.getTime() - windowSeconds * 1000);
  return and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose), isNull(emailCodes.consumedAt), gt(emailCodes.verifiedAt, since));
}

/**
 * Whether a verified code of the purpose, verified within `windowSeconds`, waits to be used: looked at before
 * costly work (hashing a password) that only the holder of a code may cause. `consumeVerifiedCode` decides.
 */
export async function hasVerifiedCode(db: AppContext['db'], email: string, purpose: OtpPurpose, windowSeconds: number, now: Date): Promise<boolean> {
  const [row] = await db.select({ id: emailCodes.id }).from(emailCodes).where(verifiedCodeOf(email, purpose, windowSeconds, now)).limit(1);
  return row !== undefined;
}

/**
 * Uses up a verified code of the purpose, verified within `windowSeconds`. Returns false when there is none:
 * completing a profile or resetting a password without one is refused.
 */
export async function consumeVerifiedCode(
  tx: AppContext['db'],
  email: string,
  purpose: OtpPurpose,
  windowSeconds: number,
  now: Date,
): Promise<boolean> {
  const consumed = await tx
    .update(emailCodes)
    .set({ consumedAt: now })
    .where(verifiedCodeOf(email, purpose, windowSeconds, now))
    .returning({ id: emailCodes.id });
  return consumed.length > 0;
}
