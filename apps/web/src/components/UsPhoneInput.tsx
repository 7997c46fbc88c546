// A US phone field shown as (555) 123-4567 while typing, 14 characters at most; another
// country's number stays as typed so its refusal is visible (formatPhoneInput, checkUsPhone).
// The checks (./us-phone-check.ts, with libphonenumber-js's metadata) load when the field is first
// touched, not with the page: a form that checks a number waits for them in its submit
// (afterUsPhoneCheck), so the join page's first visit does not carry them (decision 0062).
import { TextInput, type TextInputProps } from '@mantine/core';
import { formatPhoneInput, TEXT_LIMITS, type TUsPhoneProblem } from '@message-station/shared';
import type { FormEvent } from 'react';

type TUsPhoneCheck = typeof import('./us-phone-check');

let loaded: TUsPhoneCheck | undefined;
let loading: Promise<TUsPhoneCheck> | undefined;

/** Loads the checks once; a failed load is tried again at the next call. */
export function loadUsPhoneCheck(): Promise<TUsPhoneCheck> {
  loading ??= import('./us-phone-check').then(
    (module) => {
      loaded = module;
      return module;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/**
 * What is wrong with a typed number, by the checks once they have loaded (afterUsPhoneCheck). If
 * they could not load (offline), only a missing number: the server checks the rest.
 */
export function usPhoneProblemOnceLoaded(value: string): TUsPhoneProblem | null {
  if (loaded) return loaded.usPhoneProblem(value);
  return value.trim() ? null : 'required';
}

/** The E.164 form to send, once usPhoneProblemOnceLoaded found nothing; as typed without the checks. */
export function usPhoneE164OnceLoaded(value: string): string {
  return loaded ? loaded.usPhoneE164(value) : value.trim();
}

/**
 * A form's submit handler that runs once the checks are there: at once when touching the field
 * loaded them already, else after they load (or fail to).
 */
export function afterUsPhoneCheck(handler: () => void): (event: FormEvent) => void {
  return (event) => {
    event.preventDefault();
    if (loaded) {
      handler();
      return;
    }
    // Called with nothing: a form's submit handler would read the module as its event.
    const run = () => handler();
    void loadUsPhoneCheck().then(run, run);
  };
}

type UsPhoneInputProps = Omit<TextInputProps, 'value' | 'onChange' | 'type'> & {
  value: string;
  onChange: (formatted: string) => void;
};

export function UsPhoneInput({ value, onChange, onFocus, onPointerDown, ...rest }: UsPhoneInputProps) {
  return (
    <TextInput
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      maxLength={TEXT_LIMITS.phone}
      {...rest}
      value={value}
      onFocus={(event) => {
        void loadUsPhoneCheck().catch(() => undefined);
        onFocus?.(event);
      }}
      onPointerDown={(event) => {
        void loadUsPhoneCheck().catch(() => undefined);
        onPointerDown?.(event);
      }}
      onChange={(event) => {
        void loadUsPhoneCheck().catch(() => undefined);
        onChange(formatPhoneInput(event.currentTarget.value));
      }}
    />
  );
}
