// What every data-entry step of the wizard receives: the draft, its errors and a way to change it.
import { errorText } from '@message-station/shared';
import { codeText } from '../../api/error-words';
import { useTranslation } from '../../i18n/react';
import type { TDraftErrors, TDraftField, TRegistrationDraft } from './registration-draft';

export type TStepProps = {
  draft: TRegistrationDraft;
  errors: TDraftErrors;
  onChange: (change: Partial<TRegistrationDraft>) => void;
};

/**
 * Error text of a field in the current UI language (errors are stored as keys or codes so they
 * follow a switch): the wizard's words, else the refusal's code worded from the errors catalogue.
 */
export function useFieldError(errors: TDraftErrors) {
  const { t } = useTranslation(['registration', 'errors']);
  return (field: TDraftField): string | undefined => {
    const error = errors[field];
    if (!error) return undefined;
    if (typeof error === 'string') return t(`registration:errors.${error}`);
    return codeText(error.code, error.params) ?? errorText(error.code, error.params);
  };
}
