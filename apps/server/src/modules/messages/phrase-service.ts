// Messages written from the vetted alert phrasebook (decision 0050): the original and every target
// language are the phrasebook's own words with the fields inserted as typed, finished at once and
// recorded as the phrasebook's, so every send (attended or not) may deliver them.
import {
  findPhrase,
  PHRASEBOOK_PROVIDER,
  phraseFieldProblems,
  renderPhrase,
  renderPhraseTitle,
  TEXT_LIMITS,
  type TLanguageCode,
  type ZPhraseMessageRequest,
} from '@message-station/shared';
import type { z } from 'zod';
import { AppError } from '../../platform/errors.js';
import type { TServiceContext } from '../../service-context.js';
import type { TApprovalWriteContext } from '../approvals/message-service.js';
import { createMessage } from './service.js';

type TInput = z.output<typeof ZPhraseMessageRequest>;

export async function createPhraseMessage(
  ctx: Pick<
    TServiceContext,
    'db' | 'events' | 'messageParts' | 'now' | 'stationId' | 'translationQueue' | 'userId'
  > &
    TApprovalWriteContext,
  input: TInput,
) {
  const entry = findPhrase(input.phrase_id);
  if (!entry) throw new AppError('phrase_not_found');
  const problems = phraseFieldProblems(entry, input.fields);
  if (problems.some((p) => p.problem === 'required')) throw new AppError('phrase_fields_missing');
  if (problems.length) throw new AppError('phrase_field_too_long');
  const from = input.original_language as TLanguageCode;
  const original = renderPhrase(entry, from, input.fields);
  const title = renderPhraseTitle(entry, from, input.fields).slice(0, TEXT_LIMITS.messageTitle);
  const ready = input.target_languages.map((language) => ({
    languageCode: language,
    translatedText: renderPhrase(entry, language as TLanguageCode, input.fields),
    review: 'machine' as const,
    reviewedBy: null,
    reviewedAt: null,
    provider: PHRASEBOOK_PROVIDER,
  }));
  return createMessage(
    ctx,
    {
      title,
      original,
      original_language: input.original_language,
      target_languages: input.target_languages,
      message_type: input.message_type,
    },
    ready,
  );
}
