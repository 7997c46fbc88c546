// The message forms' drafts as they are read back (components/use-draft.ts, decision 0076): what
// was stored, made to fit the form as it opens now. A type switched off since, or a language the
// station no longer speaks, gives way to the form's own; the text is always kept.
import { LANGUAGE_CODES } from '@message-station/shared';
import type { TMessage } from '../../api/messages';
import type { TStationLanguage, TStationMessageType } from '../../api/sms-contacts';
import { shapedLike } from '../../components/use-draft';
import { targetChoices } from './TargetLanguages';

/** What the New Message and Edit Message form holds. */
export type TMessageDraft = {
  title: string;
  original: string;
  originalLanguage: string;
  type: string;
  targets: string[];
};

/** The form's draft `message:new` or `message:{id}` as the form may open with it, or null. */
export function messageFormDraft(
  stored: unknown,
  pristine: TMessageDraft,
  station: { types: TStationMessageType[]; languages: TStationLanguage[]; message: TMessage | null },
): TMessageDraft | null {
  const draft = shapedLike(stored, pristine);
  if (!draft) return null;
  const { types, languages, message } = station;
  const typeKeys = [...types.map((type) => type.message_type), message?.message_type];
  const type = typeKeys.includes(draft.type) ? draft.type : pristine.type;
  const originalLanguage = (LANGUAGE_CODES as readonly string[]).includes(draft.originalLanguage)
    ? draft.originalLanguage
    : pristine.originalLanguage;
  const offered = targetChoices(languages, originalLanguage, message?.target_languages).codes;
  const targets = draft.targets.filter((code) => offered.includes(code));
  return { ...draft, type, originalLanguage, targets };
}

/** What the detail's edit mode holds: the title and the original's text. */
export type TDetailDraft = { title: string; content: string };

export const detailDraftName = (message: TMessage) => `message-detail:${message.id}`;

export function detailPristine(message: TMessage): TDetailDraft {
  return { title: message.title, content: message.original };
}
