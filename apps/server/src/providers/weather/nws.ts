// The NWS API client (api.weather.gov or NWS_API_URL): GeoJSON over fetch with the User-Agent NWS
// asks for, If-Modified-Since on the alerts (304 means nothing new), a timeout and clear errors.
import { z } from 'zod';
import type { TWeatherConfig } from '../../config.js';
import { retryAfterSeconds } from '../translation/http.js';
import { NwsError, type TNwsAlert, type TNwsAlerts, type TNwsClient, type TNwsZone } from './types.js';

const ACCEPT = 'application/geo+json';

const ZDate = z.string().transform((value, ctx) => {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) {
    ctx.addIssue({ code: 'custom', message: `not a date: ${value}` });
    return z.NEVER;
  }
  return date;
});

const ZAlertProperties = z.looseObject({
  id: z.string().min(1),
  event: z.string().default(''),
  severity: z.string().default('Unknown'),
  headline: z.string().nullish(),
  description: z.string().nullish(),
  instruction: z.string().nullish(),
  areaDesc: z.string().default(''),
  messageType: z.enum(['Alert', 'Update', 'Cancel']),
  status: z.string().default('Actual'),
  sent: ZDate,
  expires: ZDate.nullish(),
  ends: ZDate.nullish(),
  references: z.array(z.looseObject({ identifier: z.string() })).default([]),
  geocode: z.looseObject({ UGC: z.array(z.string()).default([]) }).optional(),
  affectedZones: z.array(z.string()).default([]),
});

const ZAlertCollection = z.looseObject({
  features: z.array(z.looseObject({ properties: z.unknown() })),
});

const ZZoneCollection = z.looseObject({
  features: z.array(
    z.looseObject({
      properties: z.looseObject({ id: z.string(), name: z.string(), type: z.string().optional() }),
    }),
  ),
});

const ZEventTypes = z.looseObject({ eventTypes: z.array(z.string()) });

/** The zone id at the end of an affectedZones URL (…/zones/county/OKC029). */
function zoneIdOf(url: string): string {
  return url.slice(url.lastIndexOf('/') + 1);
}

function toAlert(properties: z.infer<typeof ZAlertProperties>): TNwsAlert {
  const zones = new Set([...(properties.geocode?.UGC ?? []), ...properties.affectedZones.map(zoneIdOf)]);
  return {
    id: properties.id,
    event: properties.event,
    severity: properties.severity,
    headline: properties.headline ?? null,
    description: properties.description ?? null,
    instruction: properties.instruction ?? null,
    areaDesc: properties.areaDesc,
    messageType: properties.messageType,
    status: properties.status,
    sent: properties.sent,
    expires: properties.expires ?? null,
    ends: properties.ends ?? null,
    references: properties.references.map((r) => r.identifier),
    zones: [...zones],
  };
}

export type TNwsClientOptions = Pick<TWeatherConfig, 'apiUrl' | 'userAgent' | 'timeoutMs'> & {
  fetch?: typeof fetch;
  log?: { warn(details: object, message: string): void };
};

/**
 * NWS's own explanation of a refusal, for the log: the title and detail of its problem+json, or a
 * short line of plain text; an HTML page (a gateway's) or anything else says nothing. One line,
 * no control characters, at most 200 characters.
 */
export function nwsProblemDetail(text: string, contentType: string | null): string {
  let found = '';
  if (/json/i.test(contentType ?? '') || text.trimStart().startsWith('{')) {
    try {
      const problem = JSON.parse(text) as { title?: unknown; detail?: unknown } | null;
      found = [problem?.title, problem?.detail].filter((part) => typeof part === 'string' && part).join(': ');
    } catch {
      found = '';
    }
  } else if (!/html|xml/i.test(contentType ?? '') && !text.trimStart().startsWith('<')) {
    found = text;
  }
  const oneLine = found
    .replace(/\p{Cc}+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return oneLine.length > 200 ? `${oneLine.slice(0, 197)}...` : oneLine;
}

/**
 * How long an answer stays fresh by its headers, in whole seconds: Cache-Control's max-age (0 for
 * no-cache or no-store), else Expires less the answer's Date; undefined when neither says.
 */
export function freshSeconds(headers: Headers): number | undefined {
  const cacheControl = headers.get('cache-control');
  if (cacheControl) {
    if (/(^|[,\s])(no-cache|no-store)\b/i.test(cacheControl)) return 0;
    const maxAge = /(?:^|[,\s])max-age\s*=\s*"?(\d+)/i.exec(cacheControl);
    if (maxAge?.[1]) return Number(maxAge[1]);
  }
  const expires = headers.get('expires');
  if (!expires) return undefined;
  const until = Date.parse(expires);
  // An Expires that is no date (HTTP says "0" means already expired) is stale at once.
  if (Number.isNaN(until)) return 0;
  const date = Date.parse(headers.get('date') ?? '');
  const from = Number.isNaN(date) ? Date.now() : date;
  return Math.max(0, Math.round((until - from) / 1000));
}

export function createNwsClient(options: TNwsClientOptions): TNwsClient {
  const doFetch = options.fetch ?? fetch;
  const base = options.apiUrl.replace(/\/$/, '');

  async function get(path: string, headers: Record<string, string> = {}) {
    // One deadline for the answer and its body: an answer that stalls halfway is a timeout too.
    const signal = AbortSignal.timeout(options.timeoutMs);
    const failed = (error: unknown) => {
      const name = (error as { name?: string })?.name;
      if (name === 'TimeoutError' || name === 'AbortError' || signal.aborted) {
        return new NwsError('timeout', `NWS did not answer ${path} within ${options.timeoutMs} ms`);
      }
      const cause = (error as { cause?: { code?: string } })?.cause?.code;
      return new NwsError(
        'network',
        `NWS could not be reached (${cause ?? (error as Error)?.message ?? error})`,
      );
    };
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, {
        headers: { 'user-agent': options.userAgent, accept: ACCEPT, ...headers },
        signal,
      });
    } catch (error) {
      throw failed(error);
    }
    if (response.status === 304) return { response, body: null };
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      throw failed(error);
    }
    if (!response.ok) {
      // NWS explains refusals as application/problem+json: its words go to the log, never a page.
      const detail = nwsProblemDetail(text, response.headers.get('content-type'));
      const wait = retryAfterSeconds(response.headers.get('retry-after'));
      throw new NwsError(
        'status',
        `NWS answered ${response.status} to ${path}${wait !== undefined ? ` (asked to wait ${wait} s)` : ''}${detail ? `: ${detail}` : ''}`,
        response.status,
        wait,
      );
    }
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new NwsError('malformed', `NWS answered ${path} with something that is not JSON`);
    }
    return { response, body };
  }

  return {
    async activeAlerts(zones, ifModifiedSince) {
      if (zones.length === 0) return { modified: true, alerts: [], lastModified: null };
      const query = new URLSearchParams({ zone: zones.join(',') });
      const { response, body } = await get(
        `/alerts/active?${query.toString().replaceAll('%2C', ',')}`,
        ifModifiedSince ? { 'if-modified-since': ifModifiedSince } : {},
      );
      const fresh = freshSeconds(response.headers);
      const freshness = fresh === undefined ? {} : { freshSeconds: fresh };
      if (response.status === 304) return { modified: false, ...freshness } satisfies TNwsAlerts;
      const collection = ZAlertCollection.safeParse(body);
      if (!collection.success) throw new NwsError('malformed', 'NWS alerts are not a FeatureCollection');
      const alerts: TNwsAlert[] = [];
      for (const feature of collection.data.features) {
        const properties = ZAlertProperties.safeParse(feature.properties);
        // One alert we cannot read does not hide the others.
        if (!properties.success) {
          options.log?.warn({ issues: properties.error.issues.slice(0, 3) }, 'NWS alert not understood');
          continue;
        }
        alerts.push(toAlert(properties.data));
      }
      return { modified: true, alerts, lastModified: response.headers.get('last-modified'), ...freshness };
    },

    async zones(state, type) {
      const query = new URLSearchParams({ area: state, type, include_geometry: 'false' });
      const { body } = await get(`/zones?${query}`);
      const collection = ZZoneCollection.safeParse(body);
      if (!collection.success) throw new NwsError('malformed', 'NWS zones are not a FeatureCollection');
      return collection.data.features.map(
        (feature): TNwsZone => ({ id: feature.properties.id, name: feature.properties.name, type }),
      );
    },

    async eventTypes() {
      const { body } = await get('/alerts/types');
      const types = ZEventTypes.safeParse(body);
      if (!types.success) throw new NwsError('malformed', 'NWS event types are not a list');
      return types.data.eventTypes;
    },
  };
}
