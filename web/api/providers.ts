import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { GOOGLE_SIGNUP_MESSAGES } from '@common/rules';
import type { googleSignupReply, providersReply } from '@common/schemas/auth';
import { api, apiUrl } from './client';

export type SignInProviders = z.infer<typeof providersReply>;

/**
 * Which sign-in providers the server is configured for; the sign-in page shows a button for each. Read once per
 * visit: the answer changes only with the server's configuration.
 */
export function useSignInProviders() {
  return useQuery({
    queryKey: ['auth', 'providers'],
    queryFn: () => api.get<SignInProviders>('/auth/providers', 'Failed to load the sign-in options'),
    staleTime: Infinity,
    retry: false,
  });
}

/** Where the Google button leads: a full page load, since the server answers with a redirect to Google. */
export const googleSignInUrl = () => apiUrl('/auth/google');

/** The sign-up a Google sign-in left in this browser: the e-mail Google vouched for and the names it gave. */
export function useGoogleSignup(enabled: boolean) {
  return useQuery({
    queryKey: ['auth', 'google', 'signup'],
    queryFn: () => api.get<z.infer<typeof googleSignupReply>>('/auth/google/signup', GOOGLE_SIGNUP_MESSAGES.expired),
    enabled,
    retry: false,
    staleTime: Infinity,
  });
}
