// The reset view of /reset-password: the code texted to the account's phone and the new password
// twice.
import { Alert, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { LIMITS, TEXT_LIMITS } from '@message-station/shared';
import { IconAlertCircle, IconFlask, IconMessage } from '@tabler/icons-react';
import { serverErrorText } from '../../api/client';
import type { TPasswordResetVerifyResponse } from '../../api/password-reset';
import { useTranslation } from '../../i18n/react';
import { useCompletePasswordResetMutation } from './password-reset-queries';

const CODE_LENGTH = LIMITS.verificationCodeLength;
const CODE_PATTERN = new RegExp(`^\\d{${CODE_LENGTH}}$`);

type TResetPasswordFormProps = {
  token: string;
  verification: TPasswordResetVerifyResponse;
  onPasswordChanged: () => void;
};

export function ResetPasswordForm({ token, verification, onPasswordChanged }: TResetPasswordFormProps) {
  const { t } = useTranslation('auth');
  const mutation = useCompletePasswordResetMutation();
  const min = LIMITS.passwordMinLength;
  const form = useForm({
    initialValues: { code: '', newPassword: '', confirmPassword: '' },
    validate: {
      code: (value) => (CODE_PATTERN.test(value) ? null : t('resetPassword.codeInvalid')),
      newPassword: (value) => (value.length >= min ? null : t('resetPassword.passwordTooShort', { min })),
      confirmPassword: (value, values) =>
        value === values.newPassword ? null : t('resetPassword.passwordsMismatch'),
    },
  });

  const submit = form.onSubmit((values) => {
    mutation.mutate(
      { token, verificationCode: values.code, newPassword: values.newPassword },
      { onSuccess: onPasswordChanged },
    );
  });

  // Mantine's default toggle label contains "password", which would make the fields ambiguous.
  const toggleProps = { 'aria-label': t('login.toggleVisibility') };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Alert color="blue" variant="light" icon={<IconMessage size={18} aria-hidden="true" />} role="status">
          {t('resetPassword.codeSent', { phoneLast4: verification.phone_last4 })}
        </Alert>
        {verification.test_code && (
          <Alert color="orange" variant="light" icon={<IconFlask size={18} aria-hidden="true" />} role="note">
            <Text fw={600} fz="sm">
              {t('resetPassword.testCode', { code: verification.test_code })}
            </Text>
          </Alert>
        )}
        {mutation.isError && (
          <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden="true" />} role="alert">
            {serverErrorText(mutation.error, t('resetPassword.failed'))}
          </Alert>
        )}
        <TextInput
          label={t('resetPassword.code')}
          placeholder={t('resetPassword.codePlaceholder')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={CODE_LENGTH}
          withAsterisk
          {...form.getInputProps('code')}
          // Digits only, at most six, whatever is typed or pasted.
          onChange={(event) =>
            form.setFieldValue('code', event.currentTarget.value.replace(/\D/g, '').slice(0, CODE_LENGTH))
          }
        />
        <PasswordInput
          label={t('resetPassword.newPassword')}
          placeholder={t('resetPassword.newPasswordPlaceholder', { min })}
          autoComplete="new-password"
          withAsterisk
          maxLength={TEXT_LIMITS.password}
          visibilityToggleButtonProps={toggleProps}
          {...form.getInputProps('newPassword')}
        />
        <PasswordInput
          label={t('resetPassword.confirmPassword')}
          placeholder={t('resetPassword.confirmPasswordPlaceholder')}
          autoComplete="new-password"
          withAsterisk
          maxLength={TEXT_LIMITS.password}
          visibilityToggleButtonProps={toggleProps}
          {...form.getInputProps('confirmPassword')}
        />
        <Button type="submit" fullWidth loading={mutation.isPending}>
          {t('resetPassword.submit')}
        </Button>
      </Stack>
    </form>
  );
}
