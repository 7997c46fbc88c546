// POST /admin/api/station/logo (multipart field `logo`) and the public logo image.
import {
  LIMITS,
  stationGet,
  stationLanguages,
  stationLogo,
  stationMessageTypes,
  stationUpdateMessageType,
  ZErrorResponse,
  ZLogoUploadResponse,
  ZMessageTypeItem,
  ZMessageTypeList,
  ZStationLanguageList,
  ZStationLogoParams,
  ZStationSummary,
} from '@message-station/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { TAppContext } from '../../app-context.js';
import { audit, auditStation, viewLabel } from '../../platform/audit-rule.js';
import { UPLOAD_POLICY } from '../../platform/content-security-policy.js';
import { endpointSchema } from '../../platform/endpoint-routes.js';
import { AppError, notFound, uploadError } from '../../platform/errors.js';
import { authOf } from '../../platform/guards.js';
import { staffFacts } from '../../service-context.js';
import { findStationBilling } from '../billing/service.js';
import { findLogoBySlug, logoFileName, logoTooLarge, saveStationLogo } from './logo.js';
import { findStationById, listLanguages, listMessageTypes, updateMessageType } from './service.js';
import { primaryWordingSaved, staffTypeNames } from './type-translations.js';

function messageTypeItem(t: {
  id: string;
  messageType: string;
  displayName: string;
  description: string;
  colorCode: string;
  isActive: boolean;
}) {
  return {
    id: t.id,
    message_type: t.messageType,
    display_name: t.displayName,
    description: t.description,
    color_code: t.colorCode,
    is_active: t.isActive,
  };
}

/** What these routes use from the app, handed over as the plugin's options. */
export type TStationRoutesDeps = Pick<TAppContext, 'db' | 'guards' | 'now' | 'stationTranslation'>;

/** A message type as admins change it, for the audit log. */
function messageTypeView(type: {
  messageType: string;
  displayName: string;
  description: string | null;
  colorCode: string;
  isActive: boolean;
}) {
  return {
    message_type: type.messageType,
    display_name: type.displayName,
    description: type.description,
    color_code: type.colorCode,
    is_active: type.isActive,
  };
}

export const stationRoutes: FastifyPluginAsyncZod<TStationRoutesDeps> = async (fastify, deps) => {
  fastify.post(
    stationLogo.path,
    {
      config: audit({ action: 'settings.logo_changed', target: 'station', targetId: auditStation }),
      onRequest: deps.guards.requireAdmin,
      schema: {
        tags: ['station'],
        summary: 'Upload the station logo (PNG or JPEG, at most 1 MB; 1000×1000 px recommended)',
        consumes: ['multipart/form-data'],
        response: { 200: ZLogoUploadResponse, 400: ZErrorResponse, 403: ZErrorResponse },
      },
    },
    async (request) => {
      const file = await request
        .file({ limits: { fileSize: LIMITS.logoMaxBytes, files: 1 } })
        .catch((error: unknown) => {
          throw uploadError(error);
        });
      if (file?.fieldname !== 'logo') throw new AppError('logo_missing_file');
      const bytes = await file.toBuffer().catch((error: { code?: string }) => {
        if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw logoTooLarge();
        throw uploadError(error);
      });
      const logoUrl = await saveStationLogo(staffFacts(deps, request), { filename: file.filename, bytes });
      return { logo_url: logoUrl };
    },
  );

  fastify.get(
    stationGet.path,
    {
      onRequest: deps.guards.requireUser,
      schema: {
        tags: ['station'],
        summary: 'The station being worked on',
        response: { 200: ZStationSummary },
      },
    },
    async (request) => {
      const stationId = authOf(request).stationId;
      const [station, billing] = await Promise.all([
        findStationById(deps.db, stationId),
        findStationBilling(deps.db, stationId),
      ]);
      if (!station || !billing) throw notFound('station_not_found');
      return {
        id: station.id,
        name: station.name,
        slug: station.slug,
        display_name: station.displayName,
        logo_url: station.logoUrl,
        sms_enabled: station.smsEnabled,
        sms_credits_balance: billing.smsCreditsBalance,
        primary_language: station.primaryLanguage,
        brand_color: station.brandColor,
        payment_status: billing.paymentStatus,
        time_zone: station.timeZone,
      };
    },
  );

  fastify.get(
    stationMessageTypes.path,
    {
      onRequest: deps.guards.requireUser,
      schema: {
        tags: ['station'],
        summary: "The station's four message types in display order",
        response: {
          200: ZMessageTypeList,
        },
      },
    },
    async (request) => {
      const { stationId } = authOf(request);
      const [station, types] = await Promise.all([
        findStationById(deps.db, stationId),
        listMessageTypes(deps.db, stationId),
      ]);
      if (!station) throw notFound('station_not_found');
      const names = await staffTypeNames(deps.db, station, types);
      return types.map((type) => {
        const item = messageTypeItem(type);
        const fallback = { display_name: item.display_name, description: item.description };
        return { ...item, names: names.get(type.messageType) ?? { en: fallback, es: fallback } };
      });
    },
  );

  fastify.put(
    stationUpdateMessageType.path,
    {
      config: audit({
        action: 'message_type.updated',
        target: 'message_type',
        details: viewLabel('display_name'),
      }),
      onRequest: deps.guards.requireAdmin,
      schema: {
        tags: ['station'],
        summary: "Change a message type's wording, colour or switch (the four keys are fixed)",
        ...endpointSchema(stationUpdateMessageType),
        response: { 200: ZMessageTypeItem, 400: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse },
      },
    },
    async (request) => {
      const { display_name, description, color_code, is_active } = request.body;
      const facts = staffFacts(deps, request);
      const context = {
        ...facts,
        translation: deps.stationTranslation.forStation(facts.stationId),
        log: request.log,
      };
      const { db, stationId, now } = context;
      const before = (await listMessageTypes(db, stationId)).find((t) => t.id === request.params.id);
      if (!before) throw notFound('message_type_not_found');
      request.audit?.before(messageTypeView(before));
      const row = await updateMessageType(
        db,
        stationId,
        request.params.id,
        { displayName: display_name, description, colorCode: color_code, isActive: is_active },
        now,
      );
      if (!row) throw notFound('message_type_not_found');
      request.audit?.after(messageTypeView(row));
      // The primary language's words changed: the other languages follow.
      await primaryWordingSaved(context, {
        before,
        after: { displayName: row.displayName, description: row.description },
      });
      return messageTypeItem(row);
    },
  );

  fastify.get(
    stationLanguages.path,
    {
      onRequest: deps.guards.requireUser,
      schema: {
        tags: ['station'],
        summary: "The station's languages, primary first",
        response: {
          200: ZStationLanguageList,
        },
      },
    },
    async (request) => {
      const station = await findStationById(deps.db, authOf(request).stationId);
      if (!station) throw notFound('station_not_found');
      const languages = await listLanguages(deps.db, station);
      return languages.map((l) => ({
        id: l.id,
        language_code: l.languageCode,
        display_name: l.displayName,
        is_active: l.isActive,
      }));
    },
  );

  fastify.get(
    '/api/stations/:slug/logo',
    {
      schema: {
        tags: ['station'],
        summary: 'A station logo image',
        params: ZStationLogoParams,
      },
    },
    async (request, reply) => {
      const logo = await findLogoBySlug(deps.db, request.params.slug);
      if (!logo) throw notFound('logo_not_found');
      const extension = logo.contentType === 'image/png' ? 'png' : 'jpg';
      // Only ever an image, shown in place: no sniffing (the global hook), no document powers.
      return reply
        .type(logo.contentType)
        .header('content-security-policy', UPLOAD_POLICY)
        .header('content-disposition', `inline; filename="${logoFileName(request.params.slug, extension)}"`)
        .header('cache-control', 'public, max-age=86400')
        .header('last-modified', logo.updatedAt.toUTCString())
        .send(logo.bytes);
    },
  );
};
