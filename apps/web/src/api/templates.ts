// Typed calls for Templates: the list, create, edit, delete, a translation corrected
// or reviewed by staff, and using a template (a new message).
import {
  type TMessage,
  type TTemplate,
  type TTemplateTranslationEditRequest,
  type TTemplateUseRequest,
  templatesCreate,
  templatesEditTranslation,
  templatesList,
  templatesRemove,
  templatesReviewTranslation,
  templatesUpdate,
  templatesUse,
} from '@message-station/shared';
import { call, type TBodyOf } from './call';

export type { TTemplate, TTemplateTranslation } from '@message-station/shared';

/** Body of POST and PUT: the form holds plain strings; the server checks type and language. */
export type TTemplateInput = {
  name: string;
  message_type: string;
  title: string;
  original: string;
  original_language: string;
};

export function listTemplates(signal?: AbortSignal): Promise<TTemplate[]> {
  return call(templatesList, { signal });
}

/** The routes' body, which TTemplateInput widens (a select's type key; the server checks it). */
type TTemplateBody = TBodyOf<typeof templatesCreate>;

/** Answers once the station's engines have translated it (a few seconds at most). */
export function createTemplate(input: TTemplateInput): Promise<TTemplate> {
  return call(templatesCreate, { body: input as TTemplateBody });
}

export function updateTemplate(id: string, input: TTemplateInput): Promise<TTemplate> {
  return call(templatesUpdate, { params: { id }, body: input as TTemplateBody });
}

export function deleteTemplate(id: string): Promise<{ ok: true }> {
  return call(templatesRemove, { params: { id } });
}

export function correctTemplateTranslation(id: string, language: string, text: string): Promise<TTemplate> {
  return call(templatesEditTranslation, {
    params: { id, language },
    body: { translated_text: text } satisfies TTemplateTranslationEditRequest,
  });
}

export function reviewTemplateTranslation(id: string, language: string): Promise<TTemplate> {
  return call(templatesReviewTranslation, { params: { id, language } });
}

/** A new message with the fields filled in every language. */
export function createMessageFromTemplate(id: string, values: Record<string, string>): Promise<TMessage> {
  return call(templatesUse, {
    params: { id },
    body: { values } satisfies TTemplateUseRequest,
  });
}
