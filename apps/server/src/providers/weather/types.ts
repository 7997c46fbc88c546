// The National Weather Service as the weather module sees it: active alerts for zones (answered
// "not modified" when nothing changed since the last answer), a state's zones and the event names.

/** One CAP alert as NWS publishes it (GeoJSON feature properties), reduced to what we use. */
export type TNwsAlert = {
  /** CAP identifier, e.g. urn:oid:2.49.0.1.840.0.1ee7….001.1 */
  id: string;
  event: string;
  severity: string;
  headline: string | null;
  description: string | null;
  instruction: string | null;
  areaDesc: string;
  /** CAP msgType. */
  messageType: 'Alert' | 'Update' | 'Cancel';
  /** Actual, Exercise, System, Test or Draft: only Actual alerts are drafted. */
  status: string;
  sent: Date;
  expires: Date | null;
  ends: Date | null;
  /** The identifiers of the earlier alerts an Update or Cancel refers to. */
  references: string[];
  /** UGC zone ids (OKC029, WAZ034). */
  zones: string[];
};

export type TNwsAlerts = (
  | { modified: true; alerts: TNwsAlert[]; lastModified: string | null }
  /** 304: nothing changed since the Last-Modified we sent back. */
  | { modified: false }
) & {
  /**
   * How long NWS says this answer stays fresh (Cache-Control max-age, else Expires less Date), in
   * seconds, when it says: asking again sooner would be answered from a cache.
   */
  freshSeconds?: number;
};

export type TNwsZone = { id: string; name: string; type: 'county' | 'forecast' };

export type TNwsClient = {
  /** GET /alerts/active?zone=A,B,…, with If-Modified-Since when we have a Last-Modified. */
  activeAlerts(zones: string[], ifModifiedSince?: string | null): Promise<TNwsAlerts>;
  /** GET /zones?area=XX&type=county|forecast */
  zones(state: string, type: 'county' | 'forecast'): Promise<TNwsZone[]>;
  /** GET /alerts/types */
  eventTypes(): Promise<string[]>;
};

/**
 * Why a call to NWS failed: not reachable, too slow, an error status, or an answer we cannot read.
 * `transient`: asking again later may work (no answer, 408, 429, 5xx, an unreadable answer); a
 * refusal of the request itself (400, 403, 404) will not change by waiting. The weather poll
 * records either on the stations it concerns and asks again at its next poll.
 */
export class NwsError extends Error {
  readonly transient: boolean;

  constructor(
    readonly kind: 'network' | 'timeout' | 'status' | 'malformed',
    message: string,
    readonly status?: number,
    /** What Retry-After asked for (429, 503), in seconds. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'NwsError';
    this.transient =
      kind !== 'status' || status === undefined || status === 408 || status === 429 || status >= 500;
  }
}
