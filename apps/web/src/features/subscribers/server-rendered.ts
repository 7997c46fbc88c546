// Attaching the app to a subscriber page the server rendered for its station (decision 0044):
// the visitor's language is found as the server and the page's head script found it, and the app
// starts with what the markup was rendered from (the station's info, the subscriber texts), so its
// first render is that markup and React hydrates it instead of drawing the page again.
import type { QueryClient } from '@tanstack/react-query';
import type { TSubscriberPageData } from '../../app/prerendered';
import {
  browserLanguages,
  loadSubscriberLanguage,
  rememberedSubscriberLanguage,
} from '../../i18n/subscriber-i18n';
import { startInLanguage, stationInfoKey, subscriberLanguageFor } from './subscriber-language';

/** The language this visitor's subscriber page speaks for the rendered page's station. */
export function visitorLanguage(page: TSubscriberPageData) {
  const offered = page.info.station.languages.map((language) => language.language_code);
  return subscriberLanguageFor(offered, browserLanguages(), rememberedSubscriberLanguage());
}

/** Everything the page's first render needs, in place before hydration starts. */
export async function prepareRenderedPage(
  page: TSubscriberPageData,
  queryClient: QueryClient,
): Promise<void> {
  await loadSubscriberLanguage(page.language);
  startInLanguage(page.language);
  queryClient.setQueryData(stationInfoKey(page.slug, page.language), page.info);
}
