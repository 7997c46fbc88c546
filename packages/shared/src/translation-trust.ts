// Where a translation's words came from, and the one policy every send follows with it (decision
// 0050): a text is delivered unattended only when people vouch for it (our phrasebook, staff) or
// an engine the station trusts wrote it; anyone else gets the original and one vetted line in
// their language saying it is not translated. Manual send, schedules, weather auto-send and the
// public API all ask `deliveryOf`.

/**
 * `phrasebook`: our vetted alert phrasebook, fields inserted as typed; `staff`: written by staff;
 * `reviewed`: an engine's text a person on staff read and approved; `trusted_engine`: an engine
 * the station (or the operator) marked trusted; `offline_engine`: the offline engine (Apertium);
 * `engine`: any other engine nobody marked trusted.
 */
export const TRANSLATION_SOURCES = [
  'phrasebook',
  'staff',
  'reviewed',
  'trusted_engine',
  'offline_engine',
  'engine',
] as const;
export type TTranslationSource = (typeof TRANSLATION_SOURCES)[number];

/** The `provider` recorded with a translation written from the phrasebook. */
export const PHRASEBOOK_PROVIDER = 'phrasebook';

/** Sources people vouch for word by word. */
export function isVetted(source: TTranslationSource): boolean {
  return source === 'phrasebook' || source === 'staff' || source === 'reviewed';
}

/** Sources an unattended send may deliver. */
export function isTrustedSource(source: TTranslationSource): boolean {
  return isVetted(source) || source === 'trusted_engine';
}

/**
 * The engine that wrote a translation as recorded (`station:deepl`, `operator:apertium`, or an
 * older row's chain name such as `deepl,apertium`), and the engines trusted where it is sent.
 */
export function translationSource(
  translation: { review: 'machine' | 'reviewed' | 'corrected'; provider: string | null },
  trustedEngines: ReadonlySet<string>,
): TTranslationSource {
  if (translation.review === 'corrected') return 'staff';
  if (translation.review === 'reviewed') return 'reviewed';
  const provider = translation.provider ?? '';
  if (provider === PHRASEBOOK_PROVIDER) return 'phrasebook';
  if (trustedEngines.has(provider)) return 'trusted_engine';
  if (provider.split(':').pop() === 'apertium') return 'offline_engine';
  return 'engine';
}

/** How a send treats nobody's vouching: staff at the confirmation, or nobody (schedules, weather, API). */
export type TSendMode = 'attended' | 'unattended';

/**
 * What one language's subscribers get: `original` (they read the original's language), `text`
 * (its translation), or `fallback` (the original, then the vetted untranslated notice).
 */
export type TLanguageDelivery = 'original' | 'text' | 'fallback';

export function deliveryOf(input: {
  language: string;
  originalLanguage: string;
  /** The completed translation's source; undefined when there is none (failed, pending, no engine). */
  source: TTranslationSource | undefined;
  /** A staff correction of an older original still waiting for staff's choice. */
  staleCorrection: boolean;
  mode: TSendMode;
}): TLanguageDelivery {
  if (input.language === input.originalLanguage) return 'original';
  if (!input.source) return 'fallback';
  if (input.mode === 'attended') return 'text';
  if (input.staleCorrection) return 'fallback';
  return isTrustedSource(input.source) ? 'text' : 'fallback';
}
