import type { z } from 'zod';
import type { bookingBody, subscriptionBody } from '../../../common/schemas/public';
import type { AppContext } from '../../context';
import { bookings, subscriptions } from '../../db/schema';
import { limitPerIp } from '../../lib/rate-limit';

/** Anyone may write here, so each IP gets a modest hourly allowance: enough for a family, not for a script. */
const PER_IP_PER_HOUR = 10;

export async function createBooking(ctx: AppContext, input: z.output<typeof bookingBody>, ip: string): Promise<void> {
  await limitPerIp(ctx, 'booking', ip, PER_IP_PER_HOUR, 3600);
  await ctx.db
    .insert(bookings)
    .values({ name: input.name, email: input.email, phone: input.phone, createdAt: ctx.now() });
}

export async function subscribe(ctx: AppContext, input: z.output<typeof subscriptionBody>, ip: string): Promise<void> {
  await limitPerIp(ctx, 'subscription', ip, PER_IP_PER_HOUR, 3600);
  await ctx.db.insert(subscriptions).values({ email: input.email, createdAt: ctx.now() });
}
