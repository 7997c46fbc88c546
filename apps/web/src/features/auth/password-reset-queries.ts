// Password reset state on the server: the emailed link's request, its verification, and the new password.
// Each call is made signed out, so the CSRF cookie is fetched first when missing.
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  completePasswordReset,
  requestPasswordReset,
  type TPasswordResetCompleteRequest,
  verifyPasswordResetToken,
} from '../../api/password-reset';
import { withCsrfCookie } from '../../lib/session';

const PASSWORD_RESET_VERIFY_KEY = ['auth', 'password-reset', 'verify'] as const;

export function useRequestPasswordResetMutation() {
  return useMutation({
    mutationFn: ({ email, turnstileToken }: { email: string; turnstileToken: string }) =>
      withCsrfCookie(() => requestPasswordReset(email, turnstileToken)),
  });
}

/**
 * Verifies the link once when the page opens. Verifying texts a code to the account's phone, so it
 * is a query (one call per token, shared by every render) that never refetches or retries.
 */
export function useVerifyResetTokenQuery(token: string) {
  return useQuery({
    queryKey: [...PASSWORD_RESET_VERIFY_KEY, token],
    queryFn: () => withCsrfCookie(() => verifyPasswordResetToken(token)),
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

export function useCompletePasswordResetMutation() {
  return useMutation({
    mutationFn: (request: TPasswordResetCompleteRequest) =>
      withCsrfCookie(() => completePasswordReset(request)),
  });
}
