// Signup state on the server: start, verify, resend, the terms check and the logo upload.
import type { TRegisterStartRequest, TSessionUser } from '@message-station/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import {
  getTermsText,
  resendRegistrationCode,
  startRegistration,
  uploadStationLogo,
  verifyRegistration,
} from '../../api/registration';
import { withCsrfCookie } from '../auth/queries';

export function useStartRegistrationMutation() {
  return useMutation({
    mutationKey: [...queryKeys.registration, 'start'],
    mutationFn: (request: TRegisterStartRequest) => withCsrfCookie(() => startRegistration(request)),
  });
}

type TVerifyInput = { registrationId: string; code: string };

/** A verified registration signs the new admin in: the session cache gets the user at once. */
export function useVerifyRegistrationMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...queryKeys.registration, 'verify'],
    mutationFn: ({ registrationId, code }: TVerifyInput) =>
      withCsrfCookie(() => verifyRegistration(registrationId, code)),
    onSuccess: (user) => {
      queryClient.setQueryData(queryKeys.session, user);
    },
  });
}

export function useResendCodeMutation() {
  return useMutation({
    mutationKey: [...queryKeys.registration, 'resend'],
    mutationFn: (registrationId: string) => withCsrfCookie(() => resendRegistrationCode(registrationId)),
  });
}

/** Uploads the logo chosen in the wizard and shows it in the admin top bar. */
export function useUploadLogoMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: [...queryKeys.registration, 'logo'],
    mutationFn: uploadStationLogo,
    onSuccess: ({ logo_url }) => {
      queryClient.setQueryData<TSessionUser | null>(queryKeys.session, (user) =>
        user ? { ...user, stationLogoUrl: logo_url } : user,
      );
    },
  });
}

/** Whether the Terms of Service can be reached; the wizard shows the fixed text either way (spec §7). */
export function useTermsQuery() {
  return useQuery({
    queryKey: queryKeys.terms,
    queryFn: ({ signal }) => getTermsText(signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}

/** `registration_expired` (a 410 about the code, `code_expired`, only needs a new code). */
export function isRegistrationExpired(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'registration_expired';
}
