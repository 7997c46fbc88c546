// Billing state: the station's plan and credits, its credit ledger, and the dev test checkout.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { devCheckout, getBilling, getBillingHistory, type TDevCheckoutRequest } from '../../api/billing';
import { queryKeys } from '../../api/query-keys';
import { withCsrfCookie } from '../../lib/session';

export function useBillingQuery() {
  return useQuery({
    queryKey: queryKeys.billing,
    queryFn: ({ signal }) => getBilling(signal),
  });
}

export function useBillingHistoryQuery() {
  return useQuery({
    queryKey: queryKeys.billingHistory,
    queryFn: ({ signal }) => getBillingHistory(signal),
  });
}

/** The checkout page is outside the admin area: it may be opened before any CSRF cookie exists. */
export function useDevCheckoutMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: TDevCheckoutRequest) => withCsrfCookie(() => devCheckout(request)),
    // The webhook has run by the time the server answers: plan and credits have changed.
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.billing });
      await queryClient.invalidateQueries({ queryKey: queryKeys.adminStation });
    },
  });
}
