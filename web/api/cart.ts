import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ENROLLMENT_MESSAGES, type EnrollmentStatus } from '@common/rules';
import type { SessionUser } from '@common/schemas/auth';
import type { CartItemBody, CartReply, CheckoutReply, FamilyEnrollment } from '@common/schemas/enrollments';
import type { BadgeTone } from '../ui/Badge';
import { api } from './client';

/**
 * The family's cart and enrollments, read by the top bar (its count), an offering's page (adding to the cart), the
 * cart and the dashboards: one key for all, so a change anywhere redraws the count and the cart together.
 */
export const cartKeys = {
  all: ['cart'] as const,
  cart: ['cart', 'items'] as const,
  count: ['cart', 'count'] as const,
  enrollments: ['cart', 'enrollments'] as const,
};

/** Only parents and students have a cart; every other visitor's is empty and never asked for. */
export const hasCart = (user: SessionUser | null | undefined) => user?.type === 'parent' || user?.type === 'student';

export const useCartCount = (enabled: boolean) =>
  useQuery({
    queryKey: cartKeys.count,
    queryFn: () => api.get<{ count: number }>('/cart/count', ENROLLMENT_MESSAGES.cartLoadFailed).then((r) => r.count),
    enabled,
  });

export const useCart = (enabled = true) =>
  useQuery({
    queryKey: cartKeys.cart,
    queryFn: () => api.get<CartReply>('/cart', ENROLLMENT_MESSAGES.cartLoadFailed),
    enabled,
  });

type CartChanged = { message: string; cart: CartReply };

/** A change answers with the whole cart: it is drawn at once, and the count and enrollments are read again. */
function useCartChange<V>(run: (vars: V) => Promise<CartChanged>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (reply) => {
      client.setQueryData(cartKeys.cart, reply.cart);
      client.setQueryData(cartKeys.count, reply.cart.count);
    },
  });
}

export const useAddToCart = () =>
  useCartChange((body: CartItemBody) => api.post<CartChanged>('/cart/items', body, ENROLLMENT_MESSAGES.cartSaveFailed));

export const useChooseStudent = () =>
  useCartChange(({ id, studentId }: { id: string; studentId: string }) =>
    api.patch<CartChanged>(`/cart/items/${encodeURIComponent(id)}`, { studentId }, ENROLLMENT_MESSAGES.cartSaveFailed),
  );

export const useRemoveFromCart = () =>
  useCartChange((id: string) =>
    api.delete<CartChanged>(`/cart/items/${encodeURIComponent(id)}`, ENROLLMENT_MESSAGES.cartSaveFailed),
  );

/** Checking out empties the cart (or sends the browser to pay): everything of the cart is read again after it. */
export function useCheckout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<CheckoutReply>('/cart/checkout', {}, ENROLLMENT_MESSAGES.checkoutFailed),
    onSettled: () => client.invalidateQueries({ queryKey: cartKeys.all }),
  });
}

/** The enrollments of the signed-in family: a parent's children's, or a student's own. */
export const useFamilyEnrollments = (options: { enabled?: boolean; refetchInterval?: number | false } = {}) =>
  useQuery({
    queryKey: cartKeys.enrollments,
    queryFn: () =>
      api
        .get<{ enrollments: FamilyEnrollment[] }>('/enrollments', ENROLLMENT_MESSAGES.enrollmentsLoadFailed)
        .then((r) => r.enrollments),
    enabled: options.enabled ?? true,
    refetchInterval: options.refetchInterval,
  });

/** An enrollment's status as every screen colors it: waiting, open, or ended. */
export const ENROLLMENT_TONES: Record<EnrollmentStatus, BadgeTone> = {
  pending: 'info',
  active: 'success',
  cancelled: 'muted',
  refunded: 'muted',
};
