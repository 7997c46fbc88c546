// Typed calls for Templates (issue 21): the list, create, edit, delete, a translation corrected
// or reviewed by staff, and using a template (a new message).
import type {
  TMessage,
  TTemplate,
  TTemplateTranslationEditRequest,
  TTemplateUseRequest,
} from '@message-station/shared';
import { api } from './client';

export type { TTemplate, TTemplateTranslation } from '@message-station/shared';

/** Body of POST and PUT: the form holds plain strings; the server checks type and language. */
export type TTemplateInput = {
  name: string;
  message_type: string;
  title: string;
  original: string;
  original_language: string;
};

const templatePath = (id: string) => `/admin/api/templates/${encodeURIComponent(id)}`;
const translationPath = (id: string, language: string) =>
  `${templatePath(id)}/translations/${encodeURIComponent(language)}`;

export function listTemplates(signal?: AbortSignal): Promise<TTemplate[]> {
  return api<TTemplate[]>('/admin/api/templates', { signal });
}

/** Answers once the station's engines have translated it (a few seconds at most). */
export function createTemplate(input: TTemplateInput): Promise<TTemplate> {
  return api<TTemplate>('/admin/api/templates', { method: 'POST', body: input });
}

export function updateTemplate(id: string, input: TTemplateInput): Promise<TTemplate> {
  return api<TTemplate>(templatePath(id), { method: 'PUT', body: input });
}

export function deleteTemplate(id: string): Promise<{ ok: true }> {
  return api<{ ok: true }>(templatePath(id), { method: 'DELETE' });
}

export function correctTemplateTranslation(id: string, language: string, text: string): Promise<TTemplate> {
  return api<TTemplate>(translationPath(id, language), {
    method: 'PUT',
    body: { translated_text: text } satisfies TTemplateTranslationEditRequest,
  });
}

export function reviewTemplateTranslation(id: string, language: string): Promise<TTemplate> {
  return api<TTemplate>(`${translationPath(id, language)}/review`, { method: 'POST' });
}

/** A new message with the fields filled in every language. */
export function createMessageFromTemplate(id: string, values: Record<string, string>): Promise<TMessage> {
  return api<TMessage>(`${templatePath(id)}/messages`, {
    method: 'POST',
    body: { values } satisfies TTemplateUseRequest,
  });
}
