// The endpoint table (decision 0067): Public pages' calls: the bot check, the contact form, the terms and the release notes.
import type { ZReleaseList, ZReleaseNotes } from '../agent.js';
import type { ZBotCheckConfig } from '../bot-check.js';
import { ZContactRequest, type ZContactResponse } from '../contact.js';
import { ZReleaseNotesQuery, ZReleaseParams } from '../releases.js';
import { endpoint } from './endpoint.js';

/** GET /api/bot-check */
export const publicBotCheck = endpoint('GET', '/api/bot-check').returns<typeof ZBotCheckConfig>();

/** POST /api/contact */
export const publicContact = endpoint('POST', '/api/contact', { body: ZContactRequest }).returns<
  typeof ZContactResponse
>();

/** GET /terms */
export const publicTerms = endpoint('GET', '/terms').returns<string>();

/** GET /api/releases */
export const publicReleases = endpoint('GET', '/api/releases').returns<typeof ZReleaseList>();

/** GET /api/releases/:version */
export const publicReleaseNotes = endpoint('GET', '/api/releases/:version', {
  params: ZReleaseParams,
  query: ZReleaseNotesQuery,
}).returns<typeof ZReleaseNotes>();

/** The area's entries by name. */
export const publicEndpoints = {
  botCheck: publicBotCheck,
  contact: publicContact,
  terms: publicTerms,
  releases: publicReleases,
  releaseNotes: publicReleaseNotes,
};
