// A required password field of the Account page, its show/hide button named for screen readers.
import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { TEXT_LIMITS } from '@message-station/shared';
import { useTranslation } from '../../i18n/react';

export function PasswordField(props: PasswordInputProps) {
  const { t } = useTranslation('account');
  return (
    <PasswordInput
      withAsterisk
      maxLength={TEXT_LIMITS.password}
      visibilityToggleButtonProps={{ 'aria-label': t('password.toggleVisibility') }}
      {...props}
    />
  );
}
