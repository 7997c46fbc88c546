// The Settings page's unsaved state: what staff edit, the rules checked before saving
// and the request bodies built from it.
import { LANGUAGE_CODES, type TStationSettings, type TStationSettingsRequest } from '@message-station/shared';
import type { TMessageTypeUpdate, TStationMessageType } from '../../api/settings';

/** Languages as plain codes: the checkboxes and the select hand back strings. */
export type TSettingsDraft = Omit<TStationSettingsRequest, 'supported_languages' | 'primary_language'> & {
  primary_language: string;
  supported_languages: string[];
  /** A new logo chosen and previewed, uploaded by Save Station Branding; gone if the page is left. */
  logo?: File | undefined;
};

export type TMessageTypeDraft = TStationMessageType;

/** What the Branding and SMS Settings tabs get: the saved settings and the draft they edit. */
export type TSettingsTabProps = {
  saved: TStationSettings;
  draft: TSettingsDraft;
  onChange: (draft: TSettingsDraft) => void;
};

/** Keys of settings.validation.*: their English texts are SETTINGS_ERRORS of the shared package. */
export type TSettingsProblem = 'displayName' | 'privacyUrl' | 'termsUrl';

export function draftFrom(settings: TStationSettings): TSettingsDraft {
  return {
    display_name: settings.display_name,
    brand_color: settings.brand_color,
    primary_language: settings.primary_language,
    supported_languages: inDisplayOrder(settings.supported_languages),
    privacy_policy_url: settings.privacy_policy_url,
    terms_url: settings.terms_url,
    sms_enabled: settings.sms_enabled,
    signup_enabled: settings.signup_enabled,
    review_required_types: settings.review_required_types,
    approval_required_types: settings.approval_required_types,
    approval_bypass_emergency: settings.approval_bypass_emergency,
    time_zone: settings.time_zone as TSettingsDraft['time_zone'],
  };
}

/** Keeps languages in the product's order, whatever order they were ticked in. */
export function inDisplayOrder(codes: readonly string[]): string[] {
  return LANGUAGE_CODES.filter((code) => codes.includes(code));
}

/**
 * New supported languages; an unticked primary language gives way to the first one still
 * supported, so the primary is always among the supported ones.
 */
export function withSupportedLanguages(draft: TSettingsDraft, codes: string[]): TSettingsDraft {
  const supported = inDisplayOrder(codes);
  const primary = supported.includes(draft.primary_language)
    ? draft.primary_language
    : (supported[0] ?? draft.primary_language);
  return { ...draft, supported_languages: supported, primary_language: primary };
}

/** Saved languages the draft no longer supports: their subscribers move to the primary language. */
export function removedLanguages(saved: TStationSettings, draft: TSettingsDraft): string[] {
  return inDisplayOrder(
    saved.supported_languages.filter((code) => !draft.supported_languages.includes(code)),
  );
}

/** The problems that stop a save, in the order the form shows the fields. */
export function problemsOf(draft: TSettingsDraft): TSettingsProblem[] {
  const problems: TSettingsProblem[] = [];
  if (!draft.display_name.trim()) problems.push('displayName');
  if (!draft.privacy_policy_url.trim()) problems.push('privacyUrl');
  if (!draft.terms_url.trim()) problems.push('termsUrl');
  return problems;
}

export function requestFrom(draft: TSettingsDraft): TStationSettingsRequest {
  return {
    display_name: draft.display_name.trim(),
    brand_color: draft.brand_color.trim(),
    primary_language: draft.primary_language as TStationSettingsRequest['primary_language'],
    supported_languages: draft.supported_languages as TStationSettingsRequest['supported_languages'],
    privacy_policy_url: draft.privacy_policy_url.trim(),
    terms_url: draft.terms_url.trim(),
    sms_enabled: draft.sms_enabled,
    signup_enabled: draft.signup_enabled,
    review_required_types: draft.review_required_types,
    approval_required_types: draft.approval_required_types,
    approval_bypass_emergency: draft.approval_bypass_emergency,
    time_zone: draft.time_zone,
  };
}

export function messageTypeUpdateFrom(type: TMessageTypeDraft): TMessageTypeUpdate {
  return {
    display_name: type.display_name.trim(),
    description: type.description.trim(),
    color_code: type.color_code,
    is_active: type.is_active,
  };
}

/** The tabs saved by the Save bar, each on its own; Voice and Translation have their own Save. */
export const DRAFT_TABS = ['branding', 'messageTypes', 'sms'] as const;
export type TDraftTab = (typeof DRAFT_TABS)[number];
export const SETTINGS_TABS = [...DRAFT_TABS, 'voice', 'translation'] as const;
export type TSettingsTab = (typeof SETTINGS_TABS)[number];

export function isSettingsTab(value: string | null): value is TSettingsTab {
  return (SETTINGS_TABS as readonly (string | null)[]).includes(value);
}

export function isDraftTab(value: string | null): value is TDraftTab {
  return (DRAFT_TABS as readonly (string | null)[]).includes(value);
}

/** The settings each tab shows, and saves: a save sends these from the draft, the rest as saved. */
const TAB_FIELDS: Record<TDraftTab, readonly (keyof TSettingsDraft)[]> = {
  branding: ['display_name', 'brand_color', 'primary_language', 'supported_languages', 'time_zone', 'logo'],
  messageTypes: ['review_required_types', 'approval_required_types', 'approval_bypass_emergency'],
  sms: ['sms_enabled', 'signup_enabled', 'privacy_policy_url', 'terms_url'],
};

const PROBLEM_TAB: Record<TSettingsProblem, TDraftTab> = {
  displayName: 'branding',
  privacyUrl: 'sms',
  termsUrl: 'sms',
};

/** What a tab's save sends: this tab's fields from the draft, every other as saved. */
export function tabRequestDraft(
  saved: TStationSettings,
  draft: TSettingsDraft,
  tab: TDraftTab,
): TSettingsDraft {
  const fromDraft = Object.fromEntries(TAB_FIELDS[tab].map((key) => [key, draft[key]]));
  return { ...draftFrom(saved), ...fromDraft };
}

/** After a tab's save: its fields as the server saved them; other tabs keep their unsaved edits. */
export function draftAfterSave(
  draft: TSettingsDraft,
  saved: TStationSettings,
  tab: TDraftTab,
): TSettingsDraft {
  const fromSaved = draftFrom(saved);
  const next: TSettingsDraft = { ...draft };
  for (const key of TAB_FIELDS[tab]) (next as Record<string, unknown>)[key] = fromSaved[key];
  return next;
}

/** The problems that stop this tab's save. */
export function tabProblems(draft: TSettingsDraft, tab: TDraftTab): TSettingsProblem[] {
  return problemsOf(draft).filter((problem) => PROBLEM_TAB[problem] === tab);
}

/** Whether a tab holds edits not saved yet (the message types too, on theirs). */
export function tabChanged(
  saved: TStationSettings,
  draft: TSettingsDraft,
  tab: TDraftTab,
  types?: { saved: TMessageTypeDraft[]; draft: TMessageTypeDraft[] },
): boolean {
  const before = draftFrom(saved);
  const fieldsChanged = TAB_FIELDS[tab].some((key) =>
    key === 'logo' ? draft.logo !== undefined : JSON.stringify(before[key]) !== JSON.stringify(draft[key]),
  );
  if (fieldsChanged || tab !== 'messageTypes' || !types) return fieldsChanged;
  const words = (list: TMessageTypeDraft[]) => JSON.stringify(list.map(messageTypeUpdateFrom));
  return words(types.saved) !== words(types.draft);
}
