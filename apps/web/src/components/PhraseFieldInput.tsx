// The fields of a phrasebook entry (decision 0050): names, places and times inserted into every
// language exactly as typed, never translated. The "Emergency templates" dialog and the New alert
// compose (decision 0082) both show an entry's fields with PhraseFieldInputs and word a field's
// problem with usePhraseProblemWords; the compose keeps its values with usePhraseFields.
import { SimpleGrid, TextInput } from '@mantine/core';
import {
  PHRASE_FIELD_LIMITS,
  phraseFieldProblems,
  type TPhraseEntry,
  type TPhraseField,
} from '@message-station/shared';
import { type ReactNode, useState } from 'react';
import { useTranslation } from '../i18n/react';
import type { TPhraseValues } from '../lib/phrase-request';

type TProblem = 'required' | 'too_long';

export function PhraseFieldInput({
  field,
  value,
  error,
  disabled,
  onChange,
  onBlur,
}: {
  field: TPhraseField;
  value: string;
  error?: ReactNode;
  disabled?: boolean;
  onChange: (value: string) => void;
  onBlur?: () => void;
}) {
  const { t } = useTranslation('messages');
  return (
    <TextInput
      label={t(`phrasebook.fields.${field}`)}
      placeholder={t(`phrasebook.placeholders.${field}`)}
      withAsterisk
      maxLength={PHRASE_FIELD_LIMITS[field]}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.currentTarget.value)}
      onBlur={onBlur}
      error={error}
      data-field={field}
    />
  );
}

/** Every field of the entry, in its order; two columns from a tablet up where `columns` is 2. */
export function PhraseFieldInputs({
  entry,
  values,
  errors = {},
  disabled,
  columns = 1,
  onChange,
  onBlur,
}: {
  entry: TPhraseEntry;
  values: TPhraseValues;
  errors?: Partial<Record<TPhraseField, ReactNode>>;
  disabled?: boolean;
  columns?: 1 | 2;
  onChange: (field: TPhraseField, value: string) => void;
  onBlur?: (field: TPhraseField) => void;
}) {
  if (entry.fields.length === 0) return null;
  return (
    <SimpleGrid cols={{ base: 1, sm: columns }} spacing="sm" verticalSpacing="sm">
      {entry.fields.map((field) => (
        <PhraseFieldInput
          key={field}
          field={field}
          value={values[field] ?? ''}
          error={errors[field]}
          disabled={disabled}
          onChange={(value) => onChange(field, value)}
          onBlur={onBlur && (() => onBlur(field))}
        />
      ))}
    </SimpleGrid>
  );
}

/** What a field's problem says: missing, or longer than its limit. */
export function usePhraseProblemWords(): (problem: TProblem, field: TPhraseField) => string {
  const { t } = useTranslation('messages');
  return (problem, field) =>
    problem === 'required'
      ? t('phrasebook.fieldRequired')
      : t('phrasebook.fieldTooLong', { max: PHRASE_FIELD_LIMITS[field] });
}

/**
 * An entry's field values as typed, each field's problem once it has been left, and whether every
 * field is filled in (phraseFieldProblems, the server's rule).
 */
export function usePhraseFields(entry: TPhraseEntry, initial: TPhraseValues) {
  const words = usePhraseProblemWords();
  const [values, setValues] = useState<TPhraseValues>(initial);
  const [left, setLeft] = useState<ReadonlySet<TPhraseField>>(new Set());
  const problems = phraseFieldProblems(entry, values);
  const errors: Partial<Record<TPhraseField, string>> = {};
  for (const { field, problem } of problems) {
    if (left.has(field)) errors[field] ??= words(problem, field);
  }
  return {
    values,
    errors,
    filled: problems.length === 0,
    change: (field: TPhraseField, value: string) => setValues((current) => ({ ...current, [field]: value })),
    leave: (field: TPhraseField) => setLeft((current) => new Set(current).add(field)),
  };
}
