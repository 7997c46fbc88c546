// The Translation tab's unsaved list of engines, and the requests made from it: a key field left
// blank keeps the saved key, "remove" sends null, fields an engine does not take are left out, and
// `trusted` goes with every engine but Apertium, which cannot be trusted (decision 0050).
import {
  STATION_ENGINE_FIELDS,
  STATION_ENGINE_NAMES,
  type TStationEngineInput,
  type TStationEngineName,
  type TTranslationSettings,
} from '@message-station/shared';

export type TEngineDraft = {
  engine: TStationEngineName;
  /** A new key as typed; blank keeps the saved one. */
  apiKey: string;
  /** Remove the saved key on save. */
  removeKey: boolean;
  baseUrl: string;
  model: string;
  /** As saved: whether a key is set and its last four characters. */
  keySet: boolean;
  keyHint: string | null;
  /** Its translations go out unattended (never Apertium). */
  trusted: boolean;
};

/** The offline engine is never trusted: the switch is not offered for it. */
export function canBeTrusted(engine: TStationEngineName): boolean {
  return engine !== 'apertium';
}

export function draftsFrom(settings: TTranslationSettings): TEngineDraft[] {
  return settings.engines.map((engine) => ({
    engine: engine.engine,
    apiKey: '',
    removeKey: false,
    baseUrl: engine.base_url ?? '',
    model: engine.model ?? '',
    keySet: engine.key_set,
    keyHint: engine.key_hint,
    trusted: engine.trusted,
  }));
}

export function newDraft(engine: TStationEngineName): TEngineDraft {
  return {
    engine,
    apiKey: '',
    removeKey: false,
    baseUrl: '',
    model: '',
    keySet: false,
    keyHint: null,
    trusted: false,
  };
}

/** One engine as the API takes it, to save or to test. */
export function engineInput(draft: TEngineDraft): TStationEngineInput {
  const fields = STATION_ENGINE_FIELDS[draft.engine];
  const typed = draft.apiKey.trim();
  return {
    engine: draft.engine,
    ...(fields.key === 'none' ? {} : draft.removeKey ? { api_key: null } : typed ? { api_key: typed } : {}),
    ...(fields.baseUrl === 'none' ? {} : { base_url: draft.baseUrl.trim() || null }),
    ...(fields.model ? { model: draft.model.trim() || null } : {}),
    ...(canBeTrusted(draft.engine) ? { trusted: draft.trusted } : {}),
  };
}

/** One engine as "Test" takes it: its settings as typed (trust is no part of a test). */
export function testInput(draft: TEngineDraft): TStationEngineInput {
  const { trusted: _trusted, ...input } = engineInput(draft);
  return input;
}

/** Whether the list differs from what is saved (order, fields, or a key typed or removed). */
export function draftsChanged(drafts: TEngineDraft[], settings: TTranslationSettings): boolean {
  return JSON.stringify(drafts.map(engineInput)) !== JSON.stringify(draftsFrom(settings).map(engineInput));
}

/** The engines not in the list yet, in the order the page offers them. */
export function enginesToAdd(drafts: TEngineDraft[]): TStationEngineName[] {
  return STATION_ENGINE_NAMES.filter((name) => !drafts.some((draft) => draft.engine === name));
}

/** The list with the engine at `index` moved one place (-1 up, +1 down). */
export function moved<T>(list: T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  if (target < 0 || target >= list.length) return list;
  const next = [...list];
  [next[index], next[target]] = [next[target] as T, next[index] as T];
  return next;
}
