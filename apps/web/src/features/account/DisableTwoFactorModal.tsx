// Turning two-factor off asks for the password and a code (or a recovery code).
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { ACCOUNT_ERROR_CODES, TEXT_LIMITS } from '@message-station/shared';
import { useTranslation } from '../../i18n/react';
import { accountErrorCode } from '../../lib/account-error';
import { PasswordField } from './PasswordField';
import { useDisableTwoFactorMutation } from './queries';

export function DisableTwoFactorModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('account');
  const disable = useDisableTwoFactorMutation();
  const form = useForm({
    initialValues: { password: '', code: '' },
    validate: {
      password: (value) => (value ? null : t('password.currentRequired')),
      code: (value) => (value.trim() ? null : t('twoFactor.codeRequired')),
    },
  });
  const close = () => {
    form.reset();
    onClose();
  };
  const submit = form.onSubmit(({ password, code }) =>
    disable.mutate(
      { password, code: code.trim() },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('twoFactor.turnedOff') });
          close();
        },
        onError: (error) => {
          const reason = accountErrorCode(error);
          if (reason === ACCOUNT_ERROR_CODES.wrongPassword)
            form.setFieldError('password', t('password.wrongPassword'));
          else if (reason === ACCOUNT_ERROR_CODES.rejectedCode)
            form.setFieldError('code', t('twoFactor.invalidCode'));
          else if (reason === ACCOUNT_ERROR_CODES.requiredByStation)
            form.setFieldError('code', t('twoFactor.requiredByStation'));
          else form.setFieldError('code', t('twoFactor.failed'));
        },
      },
    ),
  );

  return (
    <Modal opened={opened} onClose={close} title={t('twoFactor.turnOffTitle')} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text fz="sm">{t('twoFactor.turnOffText')}</Text>
          <PasswordField
            label={t('password.current')}
            autoComplete="current-password"
            {...form.getInputProps('password')}
          />
          <TextInput
            label={t('twoFactor.codeOrRecovery')}
            autoComplete="one-time-code"
            withAsterisk
            maxLength={TEXT_LIMITS.signInCode}
            {...form.getInputProps('code')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('twoFactor.cancel')}
            </Button>
            <Button type="submit" color="red" loading={disable.isPending}>
              {t('twoFactor.turnOff')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
