// The endpoint table (decision 0067): Station sign-up.
import type { ZSessionUser } from '../auth.js';
import { ZLanguageCoverageQuery, type ZSignupLanguageCoverage } from '../language-coverage.js';
import {
  ZRegisterResendRequest,
  type ZRegisterResendResponse,
  ZRegisterStartRequest,
  type ZRegisterStartResponse,
  ZRegisterVerifyRequest,
} from '../registration.js';
import { type ZStationIdAvailability, ZStationIdQuery } from '../station-id.js';
import { endpoint } from './endpoint.js';

/** POST /api/register/start */
export const registrationStart = endpoint('POST', '/api/register/start', {
  body: ZRegisterStartRequest,
}).returns<typeof ZRegisterStartResponse>();

/** GET /api/register/station-id */
export const registrationStationId = endpoint('GET', '/api/register/station-id', {
  query: ZStationIdQuery,
}).returns<typeof ZStationIdAvailability>();

/** GET /api/register/language-coverage */
export const registrationLanguageCoverage = endpoint('GET', '/api/register/language-coverage', {
  query: ZLanguageCoverageQuery,
}).returns<typeof ZSignupLanguageCoverage>();

/** POST /api/register/verify */
export const registrationVerify = endpoint('POST', '/api/register/verify', {
  body: ZRegisterVerifyRequest,
}).returns<typeof ZSessionUser>();

/** POST /api/register/resend */
export const registrationResend = endpoint('POST', '/api/register/resend', {
  body: ZRegisterResendRequest,
}).returns<typeof ZRegisterResendResponse>();

/** The area's entries by name. */
export const registrationEndpoints = {
  start: registrationStart,
  stationId: registrationStationId,
  languageCoverage: registrationLanguageCoverage,
  verify: registrationVerify,
  resend: registrationResend,
};
