// A text field's limit (decision 0024): the input stops at the server's limit (TEXT_LIMITS), and
// where length matters a counter under the field says how much is used ("120 / 200 characters").
import { Text } from '@mantine/core';
import { formatCount } from '../i18n/formats';
import { useTranslation } from '../i18n/react';

export function CharacterCount({ length, max }: { length: number; max: number }) {
  const { t } = useTranslation();
  return (
    <Text component="span" display="block" ta="right" fz="xs" c={length > max ? 'red.8' : 'dimmed'}>
      {t('textLimit.count', { length: formatCount(length), max: formatCount(max) })}
    </Text>
  );
}

const COUNTER_BELOW: ('label' | 'input' | 'description' | 'error')[] = [
  'label',
  'input',
  'description',
  'error',
];

/** Spread on a Mantine TextInput or Textarea: it takes at most `max` characters and counts them. */
export function countedProps(value: string, max: number) {
  return {
    maxLength: max,
    description: <CharacterCount length={value.length} max={max} />,
    inputWrapperOrder: COUNTER_BELOW,
  };
}

/** Over the limit once trimmed (as the server counts): only text saved before the limit can be. */
export function isTooLong(value: string, max: number): boolean {
  return value.trim().length > max;
}

/** The limit of the first [value, max] pair over it, for "At most {max} characters." */
export function exceededLimit(...fields: [string, number][]): string | null {
  const over = fields.find(([value, max]) => isTooLong(value, max));
  return over ? formatCount(over[1]) : null;
}
