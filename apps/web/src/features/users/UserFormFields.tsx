// What Add User and Edit User share: the Full Name and Email fields, and the end of the form
// (desktop API access, the failure, Cancel and submit).
import { Alert, Button, Checkbox, Group, TextInput } from '@mantine/core';
import { TEXT_LIMITS, ZUserNameAndEmail } from '@message-station/shared';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import { schemaResolver } from '../../lib/schema-resolver';

export type TNameAndEmail = { fullName: string; email: string };

/** Both are required, so a blank one keeps the form from being sent. */
export function nameAndEmailComplete({ fullName, email }: TNameAndEmail): boolean {
  return Boolean(fullName.trim() && email.trim());
}

/** The two as the API takes them, without the spaces around them. */
export function nameAndEmailRequest({ fullName, email }: TNameAndEmail) {
  return { full_name: fullName.trim(), email: email.trim() };
}

const checkNameAndEmail = schemaResolver(ZUserNameAndEmail);

/** What the server would refuse in the two, by field, worded in the interface language. */
export function nameAndEmailErrors(value: TNameAndEmail): Partial<Record<keyof TNameAndEmail, ReactNode>> {
  const errors = checkNameAndEmail(nameAndEmailRequest(value));
  return {
    ...(errors.full_name ? { fullName: errors.full_name } : {}),
    ...(errors.email ? { email: errors.email } : {}),
  };
}

type NameAndEmailFieldsProps = {
  value: TNameAndEmail;
  onChange: (value: TNameAndEmail) => void;
  /** Example values, for a new user whose fields start empty. */
  withPlaceholders?: boolean;
  /** A refusal to show under each field. */
  errors?: Partial<Record<keyof TNameAndEmail, ReactNode>>;
};

/** Two inputs without a wrapper, so they take their places in the form's own grid or stack. */
export function NameAndEmailFields({
  value,
  onChange,
  withPlaceholders = false,
  errors = {},
}: NameAndEmailFieldsProps) {
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
        error={errors.fullName}
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
        error={errors.email}
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
