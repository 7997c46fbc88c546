// /admin/api/sms-contacts: list (search, paging, X-Total-Count), preferences, status, add, import.
import {
  smsContactsAdd,
  smsContactsCsv,
  smsContactsImport,
  smsContactsList,
  smsContactsPreferences,
  smsContactsStatus,
  ZErrorResponse,
  ZImportReport,
  ZSmsContact,
  ZSmsContactList,
  ZSmsContactsQuery,
} from '@message-station/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TAppContext } from '../../app-context.js';
import { audit, auditReply, createdRule } from '../../platform/audit-rule.js';
import { endpointSchema } from '../../platform/endpoint-routes.js';
import { AppError, hasUnstorableText, uploadError } from '../../platform/errors.js';
import { staffFacts } from '../../service-context.js';
import { contactAudit } from './audit-service.js';
import { CsvError, IMPORT_MAX_BYTES } from './csv.js';
import { contactsCsv } from './export.js';
import { importContacts } from './import.js';
import { addContact, listContacts, updatePreferences, updateStatus } from './service.js';

const errors = {
  400: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
  503: ZErrorResponse,
};

/** What these routes use from the app, handed over as the plugin's options. */
export type TSmsContactRoutesDeps = Pick<TAppContext, 'db' | 'events' | 'guards' | 'now' | 'sms'>;

export const smsContactRoutes: FastifyPluginAsyncZod<TSmsContactRoutesDeps> = async (fastify, deps) => {
  const context = (request: FastifyRequest) => ({
    ...staffFacts(deps, request),
    sms: deps.sms,
    events: deps.events,
    log: request.log,
  });

  fastify.get(
    smsContactsList.path,
    {
      onRequest: deps.guards.requireUser,
      schema: {
        tags: ['sms-contacts'],
        summary: 'SMS contacts of the station, newest first; the total is in X-Total-Count',
        ...endpointSchema(smsContactsList),
        response: { 200: ZSmsContactList },
      },
    },
    async (request, reply) => {
      const { total, contacts } = await listContacts(context(request), request.query);
      reply.header('x-total-count', String(total));
      return contacts;
    },
  );

  fastify.get(
    smsContactsCsv.path,
    {
      onRequest: deps.guards.requireAdmin,
      schema: {
        tags: ['sms-contacts'],
        summary:
          'Every contact matching the filter as CSV, with preferences and consent dates (UTF-8 with BOM; no cell can start a formula)',
        querystring: ZSmsContactsQuery.omit({ limit: true, offset: true }),
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      const facts = staffFacts(deps, request);
      const day = facts.now.toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="sms-contacts-${day}.csv"`)
        .send(await contactsCsv(facts, request.query));
    },
  );

  fastify.put(
    smsContactsPreferences.path,
    {
      config: audit(contactAudit('contact.preferences_changed')),
      onRequest: deps.guards.requireUser,
      schema: {
        tags: ['sms-contacts'],
        summary: 'Set which message types a contact receives, and in which language',
        ...endpointSchema(smsContactsPreferences),
        response: { 200: ZSmsContact, ...errors },
      },
    },
    async (request) =>
      updatePreferences(context(request), request.params.id, request.body.message_preferences, request.audit),
  );

  fastify.put(
    smsContactsStatus.path,
    {
      config: audit(contactAudit('contact.status_changed')),
      onRequest: deps.guards.requireUser,
      schema: {
        tags: ['sms-contacts'],
        summary: 'Pause (receives nothing) or resume a contact',
        ...endpointSchema(smsContactsStatus),
        response: { 200: ZSmsContact, ...errors },
      },
    },
    async (request) => updateStatus(context(request), request.params.id, request.body.status, request.audit),
  );

  fastify.post(
    smsContactsAdd.path,
    {
      config: audit(createdRule('contact.added', 'contact', 'name')),
      onRequest: deps.guards.requireUser,
      schema: {
        tags: ['sms-contacts'],
        summary: 'Add a contact who agreed to alerts; they confirm by replying YES',
        ...endpointSchema(smsContactsAdd),
        response: { 201: ZSmsContact, ...errors },
      },
    },
    async (request, reply) => {
      const contact = await addContact(context(request), request.body);
      return reply.status(201).send(contact);
    },
  );

  fastify.post(
    smsContactsImport.path,
    {
      config: audit({
        action: 'contacts.imported',
        details: (call) => {
          // A dry run only previews.
          if ((call.request.query as { dry_run?: string }).dry_run !== 'false') return null;
          const report = auditReply(call);
          return {
            imported: report.imported ?? 0,
            verified: report.verified ?? 0,
            invalid: report.invalid ?? 0,
          };
        },
      }),
      onRequest: deps.guards.requireUser,
      schema: {
        tags: ['sms-contacts'],
        summary:
          'Import contacts from CSV (name, phone, language, types) on the attestation of consent: they are active and verified; dry_run=true previews',
        consumes: ['multipart/form-data'],
        ...endpointSchema(smsContactsImport),
        response: { 200: ZImportReport, ...errors },
      },
    },
    async (request) => {
      let csv: string | null = null;
      let attested = false;
      try {
        for await (const part of request.parts({ limits: { fileSize: IMPORT_MAX_BYTES, files: 1 } })) {
          if (part.type === 'file') {
            const bytes = await part.toBuffer().catch((error: { code?: string }) => {
              if (error.code === 'FST_REQ_FILE_TOO_LARGE')
                throw new AppError('import_file_too_large', {
                  max_mb: IMPORT_MAX_BYTES / (1024 * 1024),
                });
              throw error;
            });
            csv = bytes.toString('utf8');
          } else if (part.fieldname === 'consent_attested') {
            attested = part.value === 'true';
          }
        }
      } catch (error) {
        throw uploadError(error);
      }
      if (csv === null) throw new AppError('import_file_missing');
      if (hasUnstorableText(csv)) {
        throw new AppError('import_file_unreadable');
      }
      const dryRun = request.query.dry_run === 'true';
      if (!dryRun && !attested) {
        throw new AppError('import_consent_required');
      }
      try {
        return await importContacts(context(request), csv, { dryRun });
      } catch (error) {
        if (error instanceof CsvError) throw error.refusal;
        throw error;
      }
    },
  );
};
