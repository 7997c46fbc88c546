// What creating a station takes (station/service.ts's createStation): its input, and the steps by
// which other modules add their rows in the same transaction. Types alone, so the composition root
// (service-context.ts, app-context.ts, station-creation.ts) names them without importing the
// station service, which reaches the services that import the composition root's context.
import type {
  TLanguageCode,
  TMessageTypeKey,
  TPaymentStatus,
  TTypeWordingSource,
} from '@message-station/shared';
import type { DbOrTx } from '../../db/client.js';

export type TTypeWording = { displayName: string; description: string };
/** One message type's name and description in one language, and whose words they are. */
export type TTypeWordingRow = TTypeWording & {
  messageType: TMessageTypeKey;
  language: TLanguageCode;
  source: TTypeWordingSource;
};

export type TCreateStationInput = {
  slug: string;
  name: string;
  displayName: string;
  brandColor?: string;
  supportedLanguages?: TLanguageCode[];
  primaryLanguage?: TLanguageCode;
  privacyPolicyUrl?: string;
  termsUrl?: string;
  /** An IANA zone of STATION_TIME_ZONES; the column's default (America/New_York) without it. */
  timeZone?: string;
  smsEnabled?: boolean;
  /** Billing's: the station's billing row and opening credits (its creation step). */
  billingEmail?: string | null;
  smsCreditsBalance?: number;
  paymentStatus?: TPaymentStatus;
  paymentExpiresAt?: Date | null;
  /** When the opening credits are granted (the request's clock). */
  now: Date;
  /** Per type: description (in the primary language) and whether it is on; else the catalogue's, and on. */
  messageTypes?: Partial<Record<TMessageTypeKey, { description?: string; isActive?: boolean }>>;
  /** Names and descriptions per language (signup's step 4); else the catalogue's. */
  typeWording?: TTypeWordingRow[];
};

/**
 * What other modules store for a new station in their own tables (decision 0065): billing's row
 * and opening credits, delivery's, the inbox's and the dashboard's 1:1 rows; run by createStation
 * in its transaction, in order. The others are of higher layers, so the composition root builds
 * the steps (`stationCreationSteps()` in station-creation.ts) and hands them to whoever creates a
 * station: the app's services (`stationCreationSteps` of their context), the seed, the test
 * factories.
 */
export type TStationCreationStep = (
  tx: DbOrTx,
  station: { id: string },
  input: TCreateStationInput,
) => Promise<unknown>;

/** Where a new station's default addresses point, and the other modules' creation steps. */
export type TStationCreation = { publicUrl: string; steps: readonly TStationCreationStep[] };
