import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import { DESK_MESSAGES } from '../../../common/rules';
import type { unsubscribeBody } from '../../../common/schemas/desk';
import type { bookingBody, subscriptionBody } from '../../../common/schemas/public';
import type { AppContext } from '../../context';
import { bookings, subscriptions } from '../../db/schema';
import { newToken, sha256 } from '../../lib/crypto';
import { NotFound } from '../../lib/errors';
import { bookingConfirmationMail, bookingNoticeMail, subscriptionConfirmationMail } from '../../lib/mail';
import { limitPerIp } from '../../lib/rate-limit';
import { readAcademy } from '../academy/service';

/** Anyone may write here, so each IP gets a modest hourly allowance: enough for a family, not for a script. */
const PER_IP_PER_HOUR = 10;
/** Opening an unsubscribe link is harmless but public: a generous allowance that still stops a scan. */
const UNSUBSCRIBES_PER_IP_PER_HOUR = 30;

/** The admin's inbox and the unsubscribe page, as addresses the mails link to. */
const INBOX_PATH = '/admin-inbox';
const UNSUBSCRIBE_PATH = '/unsubscribe';

/**
 * Stores the request, then mails the family a confirmation and the academy a notice. The mail queue takes both and
 * returns at once: a slow or failing mail server never slows or fails the booking.
 */
export async function createBooking(ctx: AppContext, input: z.output<typeof bookingBody>, ip: string): Promise<void> {
  await limitPerIp(ctx, 'booking', ip, PER_IP_PER_HOUR, 3600);
  const academy = await readAcademy(ctx);
  await ctx.db
    .insert(bookings)
    .values({ name: input.name, email: input.email, phone: input.phone, createdAt: ctx.now(), updatedAt: ctx.now() });
  await ctx.mailer.send(bookingConfirmationMail(input.email, input.name, academy));
  await ctx.mailer.send(
    bookingNoticeMail(ctx.config.academyEmail ?? academy.email, input, academy, `${ctx.config.publicUrl}${INBOX_PATH}`),
  );
}

/**
 * Stores the sign-up with the hash of a fresh unsubscribe token, and mails the token's link to the subscriber.
 * The link carries the token after `#`, so it never reaches a server log as part of a page's address.
 */
export async function subscribe(ctx: AppContext, input: z.output<typeof subscriptionBody>, ip: string): Promise<void> {
  await limitPerIp(ctx, 'subscription', ip, PER_IP_PER_HOUR, 3600);
  const academy = await readAcademy(ctx);
  const token = newToken();
  await ctx.db
    .insert(subscriptions)
    .values({ email: input.email, createdAt: ctx.now(), unsubscribeTokenHash: sha256(token) });
  await ctx.mailer.send(
    subscriptionConfirmationMail(input.email, `${ctx.config.publicUrl}${UNSUBSCRIBE_PATH}#${token}`, academy),
  );
}

/** The subscriber's one-click unsubscribe: ends every sign-up of the address the token was mailed to. */
export async function unsubscribeByToken(
  ctx: AppContext,
  input: z.output<typeof unsubscribeBody>,
  ip: string,
): Promise<void> {
  await limitPerIp(ctx, 'unsubscribe', ip, UNSUBSCRIBES_PER_IP_PER_HOUR, 3600);
  const [row] = await ctx.db
    .select({ email: subscriptions.email })
    .from(subscriptions)
    .where(eq(subscriptions.unsubscribeTokenHash, sha256(input.token)));
  if (!row) throw NotFound(DESK_MESSAGES.unsubscribeLinkInvalid);
  await ctx.db
    .update(subscriptions)
    .set({ unsubscribedAt: ctx.now() })
    .where(and(eq(subscriptions.email, row.email), isNull(subscriptions.unsubscribedAt)));
}
