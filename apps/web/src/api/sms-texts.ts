// Typed calls for a station's own wording of its subscriber texts (Settings → SMS Settings).
import {
  stationSaveSmsText,
  stationSmsTexts,
  type TStationSmsTextRequest,
  type TStationSmsTexts,
} from '@message-station/shared';
import { call } from './call';

export function getStationSmsTexts(signal?: AbortSignal): Promise<TStationSmsTexts> {
  return call(stationSmsTexts, { signal });
}

/** Sets one text in one language; `text: null` goes back to the default. */
export function saveStationSmsText(request: TStationSmsTextRequest): Promise<TStationSmsTexts> {
  return call(stationSaveSmsText, { body: request });
}
