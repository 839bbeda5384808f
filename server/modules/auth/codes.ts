import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
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
import { hitLimit, refundLimits } from '../../lib/rate-limit';

/** The advisory lock space of e-mail codes: requests for codes of one e-mail take turns under it. */
const CODE_REQUESTS_LOCK = 0x636f6465; // "code" in ASCII

/**
 * Issues a new six-digit code for an e-mail and purpose, ending the previous one.
 * `mailFor` decides what is sent: the code, or another mail (an account that already exists gets a notice
 * instead, and an unknown account asking for a reset gets nothing), so the answer never tells who is registered.
 * The cooldown and hourly cap count every request alike, for the same reason. They are read and the code written
 * under a lock on the e-mail, so a burst of requests at once cannot all find the last code old enough.
 */
export async function issueCode(
  ctx: AppContext,
  email: string,
  purpose: OtpPurpose,
  mailFor: (code: string) => Mail | null,
): Promise<void> {
  const now = ctx.now();
  const code = newCode();
  await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${CODE_REQUESTS_LOCK}, hashtext(${email}))`);
    const [last] = await tx
      .select({ sentAt: emailCodes.sentAt })
      .from(emailCodes)
      .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose)))
      .orderBy(desc(emailCodes.sentAt))
      .limit(1);
    if (last) {
      const wait = OTP_RESEND_COOLDOWN_SECONDS - (now.getTime() - last.sentAt.getTime()) / 1000;
      if (wait > 0) {
        const seconds = Math.ceil(wait);
        throw TooMany(
          `Please wait ${seconds} second${seconds === 1 ? '' : 's'} before requesting a new code.`,
          seconds,
        );
      }
    }
    const hourAgo = new Date(now.getTime() - 3600_000);
    const [recent] = await tx
      .select({ count: sql<number>`count(*)::int`, oldest: sql<string>`min(${emailCodes.sentAt})` })
      .from(emailCodes)
      .where(and(eq(emailCodes.email, email), gt(emailCodes.sentAt, hourAgo)));
    if (recent && recent.count >= OTP_MAX_PER_HOUR) {
      const retry = (new Date(recent.oldest).getTime() + 3600_000 - now.getTime()) / 1000;
      throw TooMany('Too many codes were requested for this email. Please try again later.', retry);
    }
    await tx
      .update(emailCodes)
      .set({ consumedAt: now })
      .where(and(eq(emailCodes.email, email), eq(emailCodes.purpose, purpose), isNull(emailCodes.consumedAt)));
    await tx.insert(emailCodes).values({
      email,
      purpose,
      codeHash: hashCode(ctx.codeKey, email, purpose, code),
      sentAt: now,
      expiresAt: new Date(now.getTime() + OTP_TTL_SECONDS * 1000),
    });
  });
  const mail = mailFor(code);
  if (mail) await ctx.mailer.send(mail);
}

/**
 * Wrong codes per e-mail, from every address together: 30 an hour, fewer than the 50 tries of the ten codes an
 * hour may bring, so guessing from many addresses gains nothing over guessing from one. A right code is refunded.
 */
const VERIFY_FAILURES = {
  max: 30,
  windowSeconds: 3600,
  message: 'Too many verification attempts for this email. Please try again later.',
};

/**
 * Checks a code against the newest live code of the e-mail (of the purpose, when given).
 * Every try counts, the right one too, and the fifth ends the code. A try is claimed and judged in one statement
 * (the count raised only while under five, the code marked verified only when it matches), so parallel guesses
 * cannot all read a count of tries still under the limit.
 */
export async function verifyCode(
  ctx: AppContext,
  email: string,
  otp: string,
  purpose?: OtpPurpose,
): Promise<OtpPurpose> {
  const now = ctx.now();
  const failures = `verify:email:${email}`;
  await hitLimit(ctx.db, { ...VERIFY_FAILURES, key: failures, max: VERIFY_FAILURES.max * ctx.rateLimitFactor }, now);
  const live = and(
    eq(emailCodes.email, email),
    isNull(emailCodes.consumedAt),
    isNull(emailCodes.verifiedAt),
    purpose ? eq(emailCodes.purpose, purpose) : undefined,
  );
  const [row] = await ctx.db
    .select({ id: emailCodes.id, purpose: emailCodes.purpose })
    .from(emailCodes)
    .where(live)
    .orderBy(desc(emailCodes.sentAt))
    .limit(1);
  if (!row) throw Invalid('No verification code is waiting for this email. Please request a new code.');
  const matches = sql`${emailCodes.codeHash} = ${hashCode(ctx.codeKey, email, row.purpose, otp)}`;
  const [judged] = await ctx.db
    .update(emailCodes)
    .set({
      attempts: sql`${emailCodes.attempts} + 1`,
      verifiedAt: sql`case when ${matches} then ${now.toISOString()}::timestamptz end`,
    })
    .where(
      and(
        eq(emailCodes.id, row.id),
        isNull(emailCodes.consumedAt),
        isNull(emailCodes.verifiedAt),
        lt(emailCodes.attempts, OTP_MAX_ATTEMPTS),
        gt(emailCodes.expiresAt, now),
      ),
    )
    .returning({ attempts: emailCodes.attempts, verifiedAt: emailCodes.verifiedAt });
  if (!judged) throw await unjudged(ctx, row.id, now);
  if (judged.verifiedAt) {
    await refundLimits(ctx.db, [failures]);
    return row.purpose as OtpPurpose;
  }
  const left = OTP_MAX_ATTEMPTS - judged.attempts;
  if (left <= 0) throw Invalid('Too many incorrect attempts. Please request a new code.');
  throw Invalid(`Invalid verification code. ${left} attempt${left === 1 ? '' : 's'} left.`);
}

/** Why a code found live could not take a try: another request used its last try, verified it or replaced it. */
async function unjudged(ctx: AppContext, id: string, now: Date) {
  const [code] = await ctx.db.select().from(emailCodes).where(eq(emailCodes.id, id));
  if (!code || code.consumedAt)
    return Invalid('This verification code has been replaced. Please use the newest code or request a new one.');
  if (code.verifiedAt) return Invalid('This verification code has already been used. Please request a new code.');
  if (code.attempts >= OTP_MAX_ATTEMPTS) return Invalid('Too many incorrect attempts. Please request a new code.');
  if (code.expiresAt <= now) return Invalid('This verification code has expired. Please request a new code.');
  return Invalid('This verification code has already been used. Please request a new code.');
}

function verifiedCodeOf(email: string, purpose: OtpPurpose, windowSeconds: number, now: Date) {
  const since = new Date(now.getTime() - windowSeconds * 1000);
  return and(
    eq(emailCodes.email, email),
    eq(emailCodes.purpose, purpose),
    isNull(emailCodes.consumedAt),
    gt(emailCodes.verifiedAt, since),
  );
}

/**
 * Whether a verified code of the purpose, verified within `windowSeconds`, waits to be used: looked at before
 * costly work (hashing a password) that only the holder of a code may cause. `consumeVerifiedCode` decides.
 */
export async function hasVerifiedCode(
  db: AppContext['db'],
  email: string,
  purpose: OtpPurpose,
  windowSeconds: number,
  now: Date,
): Promise<boolean> {
  const [row] = await db
    .select({ id: emailCodes.id })
    .from(emailCodes)
    .where(verifiedCodeOf(email, purpose, windowSeconds, now))
    .limit(1);
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
