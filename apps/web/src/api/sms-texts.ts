// Typed calls for a station's own wording of its subscriber texts (Settings → SMS Settings).
import type { TStationSmsTextRequest, TStationSmsTexts } from '@message-station/shared';
import { api } from './client';

export function getStationSmsTexts(signal?: AbortSignal): Promise<TStationSmsTexts> {
  return api<TStationSmsTexts>('/admin/api/settings/sms-texts', { signal });
}

/** Sets one text in one language; `text: null` goes back to the default. */
export function saveStationSmsText(request: TStationSmsTextRequest): Promise<TStationSmsTexts> {
  return api<TStationSmsTexts>('/admin/api/settings/sms-texts', { method: 'PUT', body: request });
}
