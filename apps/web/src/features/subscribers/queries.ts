// Subscriber pages state: the station's public info, and join, verify, resend, unsubscribe.
// The POSTs are made by visitors without a session, so each first makes sure of the CSRF cookie.
import type { TLanguageCode, TSubscribeRequest } from '@message-station/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  getStationPublicInfo,
  registerSubscriber,
  resendSubscriberCode,
  unsubscribe,
  verifySubscriber,
} from '../../api/subscribers';
import { withCsrfCookie } from '../../lib/session';
import { stationInfoKey, useSubscriberLanguage } from './subscriber-language';

/** The consent is recorded in the language of the page, the one the person read it in. */
export function useConsentLanguage(): TLanguageCode {
  return useSubscriberLanguage().language;
}

/** 404 (unknown station) and any other failure both show Station Not Found. */
export function useStationInfoQuery(slug: string) {
  const { language } = useSubscriberLanguage();
  return useQuery({
    queryKey: stationInfoKey(slug, language),
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
