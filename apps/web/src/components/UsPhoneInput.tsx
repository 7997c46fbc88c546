// A US phone field shown as (555) 123-4567 while typing, 14 characters at most (spec §5, §9).
import { TextInput, type TextInputProps } from '@mantine/core';
import { formatPhoneInput, LIMITS } from '@message-station/shared';

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
      maxLength={LIMITS.phoneInputMaxLength}
      {...rest}
      value={value}
      onChange={(event) => onChange(formatPhoneInput(event.currentTarget.value))}
    />
  );
}

/** What is wrong with a typed US number: nothing, missing, or not ten digits. */
export function usPhoneProblem(value: string): 'required' | 'invalid' | null {
  const digits = value.replace(/\D/g, '');
  if (!digits) return 'required';
  return digits.length === 10 ? null : 'invalid';
}
