// Signup state on the server: start, verify, resend, the Station ID check, step 3's language
// coverage, the terms check and the logo upload.
import { useDebouncedValue } from '@mantine/hooks';
import type {
  TLanguageCode,
  TRegisterStartRequest,
  TSessionUser,
  TStationIdAvailability,
} from '@message-station/shared';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import {
  checkStationId,
  getSignupLanguageCoverage,
  getTermsText,
  resendRegistrationCode,
  startRegistration,
  uploadStationLogo,
  verifyRegistration,
} from '../../api/registration';
import { withCsrfCookie } from '../../lib/session';

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

/** Every answer of the Station ID check: [...stationIdChecks, id]. */
const stationIdChecks = [...queryKeys.registration, 'station-id'] as const;

const stationIdQuery = (stationId: string) =>
  queryOptions({
    queryKey: [...stationIdChecks, stationId],
    queryFn: ({ signal }) => checkStationId(stationId, signal),
    staleTime: 60_000,
    retry: false,
  });

/**
 * Whether the ID a name gives is free, asked once typing pauses. `availability` is the answer for
 * this very ID (null while typing, until it comes, or when the check could not be made).
 */
export function useStationIdAvailability(stationId: string) {
  const [settledId] = useDebouncedValue(stationId, 400);
  const query = useQuery({ ...stationIdQuery(settledId), enabled: settledId !== '' });
  const settled = settledId === stationId;
  return {
    availability: settled && query.data?.station_id === stationId ? query.data : null,
    checking: settled && query.isFetching,
  };
}

/**
 * Step 2's Continue: the answer for the ID, from the cache while fresh; null when the check could
 * not be made (the start call checks again). `forget` drops the answers once the start call found
 * an ID taken after all.
 */
export function useStationIdCheck() {
  const queryClient = useQueryClient();
  const [checking, setChecking] = useState(false);
  const check = async (stationId: string): Promise<TStationIdAvailability | null> => {
    setChecking(true);
    try {
      return await queryClient.fetchQuery(stationIdQuery(stationId));
    } catch {
      return null;
    } finally {
      setChecking(false);
    }
  };
  const forget = () => queryClient.removeQueries({ queryKey: stationIdChecks });
  return { check, checking, forget };
}

/** Whether the Terms of Service can be reached; the wizard shows the fixed text either way. */
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

/**
 * Step 3's marks: which languages a new station can translate into from `from` (this server's
 * engines; a new station has none of its own yet). Public, asked once per primary language.
 */
export function useSignupLanguageCoverageQuery(from: TLanguageCode) {
  return useQuery({
    queryKey: [...queryKeys.registration, 'language-coverage', from],
    queryFn: ({ signal }) => getSignupLanguageCoverage(from, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });
}
