/**
 * The Stripe client, made once per configuration. STRIPE_API_URL (config.ts) may point it at a local stand-in.
 */
import Stripe from 'stripe';
import type { StripeSettings } from '../../config';
import { DomainError } from '../../lib/errors';

const clients = new WeakMap<StripeSettings, Stripe>();

export function stripeClient(settings: StripeSettings): Stripe {
  let client = clients.get(settings);
  if (!client) {
    client = new Stripe(settings.secretKey, {
      ...(settings.api ?? {}),
      // Bounded, so a checkout waits for Stripe at most this long; a retry reuses the request's idempotency key.
      timeout: 20_000,
      maxNetworkRetries: 1,
    });
    clients.set(settings, client);
  }
  return client;
}

/** Stripe refused or did not answer: the family or the admin may try again. */
export const PaymentServiceError = (message: string) => new DomainError(502, 'PAYMENT_SERVICE', message);
