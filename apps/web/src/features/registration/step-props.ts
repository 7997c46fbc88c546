// What every data-entry step of the wizard receives: the draft, its errors and a way to change it.
import { useTranslation } from 'react-i18next';
import type { TDraftErrors, TDraftField, TRegistrationDraft } from './registration-draft';

export type TStepProps = {
  draft: TRegistrationDraft;
  errors: TDraftErrors;
  onChange: (change: Partial<TRegistrationDraft>) => void;
};

/** Error text of a field in the current UI language (errors are stored as keys so they follow a switch). */
export function useFieldError(errors: TDraftErrors) {
  const { t } = useTranslation('registration');
  return (field: TDraftField): string | undefined => {
    const key = errors[field];
    return key ? t(`errors.${key}`) : undefined;
  };
}
