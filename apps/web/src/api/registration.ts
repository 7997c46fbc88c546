// Typed calls for the signup wizard and the station logo upload.
import {
  publicTerms,
  registrationLanguageCoverage,
  registrationResend,
  registrationStart,
  registrationStationId,
  registrationVerify,
  stationLogo,
  type TLanguageCode,
  type TLogoUploadResponse,
  type TRegisterResendResponse,
  type TRegisterStartRequest,
  type TRegisterStartResponse,
  type TSessionUser,
  type TSignupLanguageCoverage,
  type TStationIdAvailability,
} from '@message-station/shared';
import { call } from './call';

/** Creates the pending registration and texts the code. A refusal throws ApiError with its code (400/409/429). */
export function startRegistration(request: TRegisterStartRequest): Promise<TRegisterStartResponse> {
  return call(registrationStart, { body: request });
}

/** Whether the Station ID is free (public, rate-limited: 429 after 60 checks in 15 minutes). */
export function checkStationId(stationId: string, signal?: AbortSignal): Promise<TStationIdAvailability> {
  return call(registrationStationId, { query: { id: stationId }, signal });
}

/** Checks the code, creates station and admin, and signs the admin in (sets the session cookies). */
export function verifyRegistration(registrationId: string, verificationCode: string): Promise<TSessionUser> {
  return call(registrationVerify, {
    body: { registration_id: registrationId, verification_code: verificationCode },
  });
}

/** Texts a new code; throws ApiError 429 while the previous one is too recent. */
export function resendRegistrationCode(registrationId: string): Promise<TRegisterResendResponse> {
  return call(registrationResend, { body: { registration_id: registrationId } });
}

/** The Terms of Service as plain text. The wizard only needs to know that they can be reached. */
export function getTermsText(signal?: AbortSignal): Promise<string> {
  return call(publicTerms, { signal, headers: { Accept: 'text/plain' } });
}

export type { TLogoUploadResponse };

/** Station logo (png/jpg/jpeg, at most 1 MB) as multipart field `logo`; needs the session. */
export function uploadStationLogo(logo: File): Promise<TLogoUploadResponse> {
  const form = new FormData();
  form.append('logo', logo);
  return call(stationLogo, { body: form });
}

/** Which languages a new station can translate into from `from` (this server's engines); public. */
export function getSignupLanguageCoverage(
  from: TLanguageCode,
  signal?: AbortSignal,
): Promise<TSignupLanguageCoverage> {
  return call(registrationLanguageCoverage, { query: { from }, signal });
}
