// A required password field of the Account page, its show/hide button named for screen readers.
import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function PasswordField(props: PasswordInputProps) {
  const { t } = useTranslation('account');
  return (
    <PasswordInput
      withAsterisk
      visibilityToggleButtonProps={{ 'aria-label': t('password.toggleVisibility') }}
      {...props}
    />
  );
}
