// A US phone field shown as (555) 123-4567 while typing, 14 characters at most (spec §5, §9); another
// country's number stays as typed so its refusal is visible (formatPhoneInput, checkUsPhone).
import { TextInput, type TextInputProps } from '@mantine/core';
import { checkUsPhone, formatPhoneInput, TEXT_LIMITS, type TUsPhoneProblem } from '@message-station/shared';

type UsPhoneInputProps = Omit<TextInputProps, 'value' | 'onChange' | 'type'> & {
  value: string;
  onChange: (formatted: string) => void;
};

export function UsPhoneInput({ value, onChange, ...rest }: UsPhoneInputProps) {
  return (
    <TextInput
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      maxLength={TEXT_LIMITS.phone}
      {...rest}
      value={value}
      onChange={(event) => onChange(formatPhoneInput(event.currentTarget.value))}
    />
  );
}

/** What is wrong with a typed US number: nothing, missing, another country's (`not_us`), or not a US number. */
export function usPhoneProblem(value: string): TUsPhoneProblem | null {
  return checkUsPhone(value).problem ?? null;
}

/** The E.164 form the forms send; call only after usPhoneProblem found nothing. */
export function usPhoneE164(value: string): string {
  const checked = checkUsPhone(value);
  if (!checked.e164) throw new Error('usPhoneE164 called on a refused number');
  return checked.e164;
}
