// One field of a phrasebook entry (decision 0050): a name, place or time inserted into every
// language exactly as typed, never translated. The "Emergency templates" dialog and the New alert
// compose (decision 0082) both show their fields with it.
import { TextInput } from '@mantine/core';
import { PHRASE_FIELD_LIMITS, type TPhraseField } from '@message-station/shared';
import type { FocusEvent, ReactNode } from 'react';
import { useTranslation } from '../i18n/react';

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
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
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
