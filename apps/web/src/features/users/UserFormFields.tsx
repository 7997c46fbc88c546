// What Add User and Edit User share: the Full Name and Email fields, and the end of the form
// (desktop API access, the failure, Cancel and submit) (spec §5 Add user, Edit user).
import { Alert, Button, Checkbox, Group, TextInput } from '@mantine/core';
import { TEXT_LIMITS } from '@message-station/shared';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export type TNameAndEmail = { fullName: string; email: string };

/** Both are required, so a blank one keeps the form from being sent. */
export function nameAndEmailComplete({ fullName, email }: TNameAndEmail): boolean {
  return Boolean(fullName.trim() && email.trim());
}

/** The two as the API takes them, without the spaces around them. */
export function nameAndEmailRequest({ fullName, email }: TNameAndEmail) {
  return { full_name: fullName.trim(), email: email.trim() };
}

type NameAndEmailFieldsProps = {
  value: TNameAndEmail;
  onChange: (value: TNameAndEmail) => void;
  /** Example values, for a new user whose fields start empty. */
  withPlaceholders?: boolean;
};

/** Two inputs without a wrapper, so they take their places in the form's own grid or stack. */
export function NameAndEmailFields({ value, onChange, withPlaceholders = false }: NameAndEmailFieldsProps) {
  const { t } = useTranslation('users');
  return (
    <>
      <TextInput
        label={t('form.fullName')}
        placeholder={withPlaceholders ? t('form.fullNamePlaceholder') : undefined}
        withAsterisk
        autoComplete="off"
        maxLength={TEXT_LIMITS.name}
        value={value.fullName}
        onChange={(event) => onChange({ ...value, fullName: event.currentTarget.value })}
        data-autofocus
      />
      <TextInput
        label={t('form.email')}
        placeholder={withPlaceholders ? t('form.emailPlaceholder') : undefined}
        type="email"
        withAsterisk
        autoComplete="off"
        maxLength={TEXT_LIMITS.email}
        value={value.email}
        onChange={(event) => onChange({ ...value, email: event.currentTarget.value })}
      />
    </>
  );
}

type UserFormFooterProps = {
  apiAccess: boolean;
  onApiAccessChange: (enabled: boolean) => void;
  /** The failure to show, or null. */
  errorText: string | null;
  submitLabel: string;
  complete: boolean;
  pending: boolean;
  onCancel: () => void;
};

export function UserFormFooter({
  apiAccess,
  onApiAccessChange,
  errorText,
  submitLabel,
  complete,
  pending,
  onCancel,
}: UserFormFooterProps) {
  const { t } = useTranslation('users');
  return (
    <>
      <Checkbox
        label={t('form.apiAccess')}
        description={t('form.apiAccessDescription')}
        checked={apiAccess}
        onChange={(event) => onApiAccessChange(event.currentTarget.checked)}
      />
      {errorText !== null && (
        <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden="true" />} role="alert">
          {errorText}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onCancel}>
          {t('cancel')}
        </Button>
        <Button type="submit" disabled={!complete} loading={pending}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}
