// /api/v1/contacts: list and read (contacts:read); add on attested consent, change preferences,
// opt out (contacts:write). The SMS Contacts page's service does the work.
import {
  ZApiCreateContactRequest,
  ZContactIdParams,
  ZErrorResponse,
  ZSmsContact,
  ZSmsContactList,
  ZSmsContactsQuery,
  ZUpdatePreferencesRequest,
} from '@message-station/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { audit, createdRule } from '../../platform/audit-rule.js';
import { contactAudit } from '../sms-contacts/audit-service.js';
import {
  addAttestedContact,
  getContact,
  listContacts,
  optOutContact,
  updatePreferences,
} from '../sms-contacts/service.js';
import type { TPublicApiDeps } from './deps.js';
import { COMMON_ERRORS, keyFacts, operation } from './operation.js';

const errors = { ...COMMON_ERRORS, 400: ZErrorResponse, 404: ZErrorResponse, 409: ZErrorResponse };

export const contactsV1Routes: FastifyPluginAsyncZod<TPublicApiDeps> = async (fastify, deps) => {
  const { requireScope } = deps.keyAuth;
  const read = { preValidation: requireScope('contacts:read') };
  const write = { preValidation: requireScope('contacts:write') };
  // A change to the station's contacts is told to its open dashboards (contact-events-service.ts).
  const writeFacts = (request: FastifyRequest) => ({
    ...keyFacts(deps, request),
    events: deps.events,
    log: request.log,
  });

  fastify.get(
    '/api/v1/contacts',
    {
      ...read,
      schema: operation('contacts:read', {
        operationId: 'listContacts',
        summary: 'SMS contacts of the station, newest first; the total is in X-Total-Count',
        description:
          'Paginated with `limit` (1–500, default 50) and `offset`; `search` matches a name or digits of the number.',
        querystring: ZSmsContactsQuery,
        response: { 200: ZSmsContactList, ...errors },
      }),
    },
    async (request, reply) => {
      const { total, contacts } = await listContacts(keyFacts(deps, request), request.query);
      reply.header('x-total-count', String(total));
      return contacts;
    },
  );

  fastify.get(
    '/api/v1/contacts/:id',
    {
      ...read,
      schema: operation('contacts:read', {
        operationId: 'getContact',
        summary: 'One SMS contact with their message types and languages',
        params: ZContactIdParams,
        response: { 200: ZSmsContact, ...errors },
      }),
    },
    async (request) => getContact(keyFacts(deps, request), request.params.id),
  );

  fastify.post(
    '/api/v1/contacts',
    {
      config: audit(createdRule('contact.added', 'contact', 'name')),
      ...write,
      schema: operation('contacts:write', {
        operationId: 'createContact',
        summary: 'Add a contact who agreed to receive alerts (attested consent)',
        description:
          'The caller attests that the person agreed (`consent_attested: true`) and gives the words they agreed to (`consent_text`). The contact is active at once; the consent is kept with its time, the caller’s IP address, source `api` and that text. A number that is already a contact answers 409 `contact_exists`.',
        body: ZApiCreateContactRequest,
        response: { 201: ZSmsContact, ...errors },
      }),
    },
    async (request, reply) => {
      const contact = await addAttestedContact(writeFacts(request), request.body);
      return reply.status(201).send(contact);
    },
  );

  fastify.put(
    '/api/v1/contacts/:id/preferences',
    {
      config: audit(contactAudit('contact.preferences_changed')),
      ...write,
      schema: operation('contacts:write', {
        operationId: 'setContactPreferences',
        summary: 'Set which message types a contact receives, and in which language',
        params: ZContactIdParams,
        body: ZUpdatePreferencesRequest,
        response: { 200: ZSmsContact, ...errors },
      }),
    },
    async (request) =>
      updatePreferences(
        keyFacts(deps, request),
        request.params.id,
        request.body.message_preferences,
        request.audit,
      ),
  );

  fastify.post(
    '/api/v1/contacts/:id/opt-out',
    {
      config: audit(contactAudit('contact.status_changed')),
      ...write,
      schema: operation('contacts:write', {
        operationId: 'optOutContact',
        summary: 'Opt a contact out: they receive nothing more (only they can opt back in)',
        description:
          'Recorded as a consent event (opt-out, source `api`). Opting out a contact who already opted out changes nothing.',
        params: ZContactIdParams,
        response: { 200: ZSmsContact, ...errors },
      }),
    },
    async (request) => optOutContact(writeFacts(request), request.params.id, request.audit),
  );
};
