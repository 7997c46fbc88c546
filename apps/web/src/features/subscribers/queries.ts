// Subscriber pages state: the station's public info, and join, verify, resend, unsubscribe.
// The POSTs are made by visitors without a session, so each first makes sure of the CSRF cookie.
import type { TConsentLanguage, TSubscribeRequest } from '@message-station/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { queryKeys } from '../../api/query-keys';
import {
  getStationPublicInfo,
  registerSubscriber,
  resendSubscriberCode,
  unsubscribe,
  verifySubscriber,
} from '../../api/subscribers';
import { withCsrfCookie } from '../auth/queries';

/** The consent language matching the interface language (English or Spanish). */
export function useConsentLanguage(): TConsentLanguage {
  const { i18n } = useTranslation();
  return (i18n.resolvedLanguage ?? i18n.language).startsWith('es') ? 'es' : 'en';
}

/** 404 (unknown station) and any other failure both show Station Not Found (spec §8). */
export function useStationInfoQuery(slug: string) {
  const language = useConsentLanguage();
  return useQuery({
    queryKey: [...queryKeys.subscribePage, slug, language],
    queryFn: ({ signal }) => getStationPublicInfo(slug, language, signal),
    placeholderData: (previous) => previous,
  });
}

export function useRegisterMutation(slug: string) {
  return useMutation({
    mutationFn: (request: TSubscribeRequest) => withCsrfCookie(() => registerSubscriber(slug, request)),
  });
}

export function useVerifyMutation(slug: string) {
  return useMutation({
    mutationFn: ({ contactId, code }: { contactId: string; code: string }) =>
      withCsrfCookie(() => verifySubscriber(slug, contactId, code)),
  });
}

export function useResendMutation(slug: string) {
  return useMutation({
    mutationFn: (contactId: string) => withCsrfCookie(() => resendSubscriberCode(slug, contactId)),
  });
}

export function useUnsubscribeMutation(slug: string) {
  return useMutation({
    mutationFn: (phone: string) => withCsrfCookie(() => unsubscribe(slug, phone)),
  });
}
