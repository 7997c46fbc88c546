// Weather alerts for staff: the station's settings (checked, saved as the admin who saves them),
// a state's zones and NWS's event names (through our server, cached: they rarely change), the
// alerts the station received with what each became, and "Check now".
import {
  type TNwsSeverity,
  type TWeatherAlert,
  type TWeatherSettings,
  type TWeatherZoneOption,
  WEATHER_OUTCOMES,
  type ZWeatherSettingsRequest,
} from '@message-station/shared';
import type { z } from 'zod';
import type { TAuditScope, TAuditView } from '../../platform/audit-rule.js';
import { AppError, notFound } from '../../platform/errors.js';
import { NwsError, type TNwsClient } from '../../providers/weather/types.js';
import type { TServiceContext } from '../../service-context.js';
import { findMessages, getMessage } from '../messages/service.js';
import { findUserNames } from '../users/trail-service.js';
import * as repo from './repo.js';

type TSettingsInput = z.output<typeof ZWeatherSettingsRequest>;

/** A state's zones change a few times a year: a cached list is good for hours. */
export const ZONES_TTL_MS = 6 * 60 * 60_000;
export const EVENT_TYPES_TTL_MS = 24 * 60 * 60_000;
/** The alerts list shows this many, latest first. */
export const ALERTS_SHOWN = 50;

const DEFAULT_SEVERITIES: TNwsSeverity[] = ['Extreme', 'Severe'];

export async function getWeatherSettings(
  ctx: Pick<TServiceContext, 'db' | 'stationId'>,
  pollSeconds: number,
): Promise<TWeatherSettings> {
  const row = await repo.findSettings(ctx.db, ctx.stationId);
  if (!row) {
    return {
      enabled: false,
      zones: [],
      event_types: [],
      severities: DEFAULT_SEVERITIES,
      auto_send_severities: [],
      configured_by: null,
      updated_at: null,
      last_poll_at: null,
      last_error: null,
      poll_seconds: pollSeconds,
    };
  }
  const ownerName = row.configuredBy
    ? ((await findUserNames(ctx.db, [row.configuredBy])).get(row.configuredBy) ?? null)
    : null;
  return {
    enabled: row.enabled,
    zones: row.zones,
    event_types: row.eventTypes,
    severities: row.severities as TNwsSeverity[],
    auto_send_severities: row.autoSendSeverities as TNwsSeverity[],
    configured_by: row.configuredBy ? { id: row.configuredBy, name: ownerName ?? '' } : null,
    updated_at: row.updatedAt.toISOString(),
    last_poll_at: row.lastPollAt?.toISOString() ?? null,
    last_error:
      row.lastErrorCode && row.lastErrorAt
        ? { code: row.lastErrorCode, at: row.lastErrorAt.toISOString() }
        : null,
    poll_seconds: pollSeconds,
  };
}

/** The settings as the audit log keeps them (decision 0066), or null before the first save. */
function settingsAuditView(row: repo.TWeatherSettingsRow | null): TAuditView | null {
  if (!row) return null;
  return {
    enabled: row.enabled,
    zones: row.zones.map((zone) => zone.id).join(', '),
    event_types: row.eventTypes.join(', '),
    severities: row.severities.join(', '),
    auto_send_severities: row.autoSendSeverities.join(', '),
  };
}

/** Saves the settings as the admin saving them (drafts and auto-sends are made on their behalf). */
export async function saveWeatherSettings(
  ctx: Pick<TServiceContext, 'db' | 'stationId' | 'userId' | 'now'>,
  input: TSettingsInput,
  pollSeconds: number,
  audit?: TAuditScope,
): Promise<TWeatherSettings> {
  if (input.enabled && input.zones.length === 0) throw new AppError('weather_no_zones');
  if (input.enabled && input.severities.length === 0) throw new AppError('weather_no_severities');
  const unfollowed = input.auto_send_severities.filter((s) => !input.severities.includes(s));
  if (unfollowed.length) {
    throw new AppError('weather_auto_send_not_followed', { severity_list: unfollowed.join(', ') });
  }
  await ctx.db.transaction(async (tx) => {
    const current = await repo.findSettings(tx, ctx.stationId, { forUpdate: true });
    audit?.before(settingsAuditView(current));
    const sameZones =
      current !== null &&
      current.zones
        .map((z) => z.id)
        .sort()
        .join(',') ===
        input.zones
          .map((z) => z.id)
          .sort()
          .join(',');
    await repo.upsertSettings(tx, {
      stationId: ctx.stationId,
      enabled: input.enabled,
      zones: input.zones,
      eventTypes: input.event_types,
      severities: input.severities,
      autoSendSeverities: input.auto_send_severities,
      configuredBy: ctx.userId,
      // Other zones: NWS's Last-Modified was about the old ones.
      lastModified: sameZones ? (current?.lastModified ?? null) : null,
      updatedAt: ctx.now,
    });
    if (audit) audit.after(settingsAuditView(await repo.findSettings(tx, ctx.stationId)));
  });
  return getWeatherSettings(ctx, pollSeconds);
}

type TCacheEntry<T> = { at: number; value: Promise<T> };

/** NWS's zone lists and event names, cached per app (every node keeps its own copy). */
export function createWeatherLookups(nws: TNwsClient, clock: () => Date) {
  const zones = new Map<string, TCacheEntry<TWeatherZoneOption[]>>();
  let eventTypes: TCacheEntry<string[]> | null = null;

  function cached<T>(entry: TCacheEntry<T> | null | undefined, ttl: number): Promise<T> | null {
    if (!entry || clock().getTime() - entry.at >= ttl) return null;
    return entry.value;
  }

  /** A failure is never cached: the next request asks NWS again. */
  function remember<T>(load: () => Promise<T>, store: (entry: TCacheEntry<T> | null) => void): Promise<T> {
    const value = load().catch((error: unknown) => {
      store(null);
      if (error instanceof NwsError) throw new AppError('weather_unavailable');
      throw error;
    });
    store({ at: clock().getTime(), value });
    return value;
  }

  return {
    stateZones(state: string): Promise<TWeatherZoneOption[]> {
      const hit = cached(zones.get(state), ZONES_TTL_MS);
      if (hit) return hit;
      return remember(
        async () => {
          // Counties for convective warnings, forecast zones for winter, heat and fog: both, as NWS
          // addresses each alert to one kind or the other.
          const [counties, forecast] = await Promise.all([
            nws.zones(state, 'county'),
            nws.zones(state, 'forecast'),
          ]);
          const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'en');
          return [...counties.sort(byName), ...forecast.sort(byName)];
        },
        (entry) => (entry ? zones.set(state, entry) : zones.delete(state)),
      );
    },
    eventTypes(): Promise<string[]> {
      const hit = cached(eventTypes, EVENT_TYPES_TTL_MS);
      if (hit) return hit;
      return remember(
        async () => [...new Set(await nws.eventTypes())].sort((a, b) => a.localeCompare(b, 'en')),
        (entry) => {
          eventTypes = entry;
        },
      );
    },
  };
}

export type TWeatherLookups = ReturnType<typeof createWeatherLookups>;

function toApi(
  row: repo.TWeatherAlertRow,
  message: { title: string | null; type: string | null },
  original: { id: string; headline: string; messageId: string | null } | undefined,
): TWeatherAlert {
  const outcome = (WEATHER_OUTCOMES as readonly string[]).includes(row.outcome) ? row.outcome : 'failed';
  return {
    id: row.id,
    nws_id: row.nwsId,
    event: row.event,
    severity: row.severity,
    headline: row.headline,
    area: row.areaDesc,
    kind: row.kind,
    sent_at: row.sentAt.toISOString(),
    expires_at: row.expiresAt?.toISOString() ?? null,
    received_at: row.receivedAt.toISOString(),
    outcome: outcome as TWeatherAlert['outcome'],
    error_code: row.errorCode,
    error_params: row.errorParams,
    message:
      row.messageId && message.title !== null
        ? { id: row.messageId, title: message.title, message_type: message.type ?? '' }
        : null,
    original: original
      ? { id: original.id, headline: original.headline, message_id: original.messageId }
      : null,
  };
}

export async function listWeatherAlerts(ctx: Pick<TServiceContext, 'db' | 'stationId'>) {
  const { rows, originals } = await repo.listAlerts(ctx.db, ctx.stationId, ALERTS_SHOWN);
  const messageIds = [...new Set(rows.flatMap((r) => (r.messageId ? [r.messageId] : [])))];
  const messages = new Map((await findMessages(ctx.db, ctx.stationId, messageIds)).map((m) => [m.id, m]));
  return rows.map((row) => {
    const message = row.messageId ? messages.get(row.messageId) : undefined;
    return toApi(
      row,
      { title: message?.title ?? null, type: message?.messageType ?? null },
      row.originalId ? originals.get(row.originalId) : undefined,
    );
  });
}

/** One alert with its drafted message (the page opens the message from it); another station's is 404. */
export async function getWeatherAlert(
  ctx: Pick<TServiceContext, 'db' | 'stationId' | 'messageParts'>,
  id: string,
) {
  const row = await repo.findAlert(ctx.db, ctx.stationId, id);
  if (!row) throw notFound('weather_alert_not_found');
  const original = row.originalId ? await repo.findAlert(ctx.db, ctx.stationId, row.originalId) : null;
  const message = row.messageId
    ? await getMessage(ctx, row.messageId).catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'message_not_found') return null;
        throw error;
      })
    : null;
  return {
    alert: toApi(
      row,
      { title: message?.title ?? null, type: message?.message_type ?? null },
      original ? { id: original.id, headline: original.headline, messageId: original.messageId } : undefined,
    ),
    message,
  };
}
