// Typed calls for the signup wizard (spec §7 Registration) and the station logo upload.
import type {
  TLogoUploadResponse,
  TRegisterResendResponse,
  TRegisterStartRequest,
  TRegisterStartResponse,
  TSessionUser,
  TStationIdAvailability,
} from '@message-station/shared';
import { api } from './client';

/** Creates the pending registration and texts the code. A refusal throws ApiError with its code (400/409/429). */
export function startRegistration(request: TRegisterStartRequest): Promise<TRegisterStartResponse> {
  return api<TRegisterStartResponse>('/api/register/start', { method: 'POST', body: request });
}

/** Whether the Station ID is free (public, rate-limited: 429 after 60 checks in 15 minutes). */
export function checkStationId(stationId: string, signal?: AbortSignal): Promise<TStationIdAvailability> {
  return api<TStationIdAvailability>(`/api/register/station-id?id=${encodeURIComponent(stationId)}`, {
    signal,
  });
}

/** Checks the code, creates station and admin, and signs the admin in (sets the session cookies). */
export function verifyRegistration(registrationId: string, verificationCode: string): Promise<TSessionUser> {
  return api<TSessionUser>('/api/register/verify', {
    method: 'POST',
    body: { registration_id: registrationId, verification_code: verificationCode },
  });
}

/** Texts a new code; throws ApiError 429 while the previous one is too recent. */
export function resendRegistrationCode(registrationId: string): Promise<TRegisterResendResponse> {
  return api<TRegisterResendResponse>('/api/register/resend', {
    method: 'POST',
    body: { registration_id: registrationId },
  });
}

/** The Terms of Service as plain text. The wizard only needs to know that they can be reached. */
export function getTermsText(signal?: AbortSignal): Promise<string> {
  return api<string>('/terms', { signal, headers: { Accept: 'text/plain' } });
}

export type { TLogoUploadResponse };

/** Station logo (png/jpg/jpeg, at most 1 MB) as multipart field `logo`; needs the session. */
export function uploadStationLogo(logo: File): Promise<TLogoUploadResponse> {
  const form = new FormData();
  form.append('logo', logo);
  return api<TLogoUploadResponse>('/admin/api/station/logo', { method: 'POST', body: form });
}
