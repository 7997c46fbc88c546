// Change password: the current one, then the new one twice (signup's rule: at least 8 characters).
// Every other session ends; this browser stays signed in.
import { Button, Group, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { ACCOUNT_ERROR_CODES, LIMITS } from '@message-station/shared';
import { SectionCard } from '../../components/SectionCard';
import { useTranslation } from '../../i18n/react';
import { accountErrorCode } from '../../lib/account-error';
import { PasswordField } from './PasswordField';
import { useChangePasswordMutation } from './queries';

export function PasswordSection() {
  const { t } = useTranslation('account');
  const change = useChangePasswordMutation();
  const form = useForm({
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: {
      currentPassword: (value) => (value ? null : t('password.currentRequired')),
      newPassword: (value) => (value.length >= LIMITS.passwordMinLength ? null : t('password.tooShort')),
      confirmPassword: (value, values) => (value === values.newPassword ? null : t('password.mismatch')),
    },
  });

  const submit = form.onSubmit(({ currentPassword, newPassword }) => {
    change.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: ({ revoked }) => {
          form.reset();
          notifications.show({ color: 'green', message: t('password.changed', { count: revoked }) });
        },
        onError: (error) => {
          const code = accountErrorCode(error);
          if (code === ACCOUNT_ERROR_CODES.wrongPassword)
            form.setFieldError('currentPassword', t('password.wrongPassword'));
          else if (code === ACCOUNT_ERROR_CODES.samePassword)
            form.setFieldError('newPassword', t('password.samePassword'));
          else form.setFieldError('confirmPassword', t('password.failed'));
        },
      },
    );
  });

  return (
    <SectionCard title={t('password.title')}>
      <form onSubmit={submit} noValidate>
        <Stack maw={420}>
          <Text c="dimmed" fz="sm">
            {t('password.text')}
          </Text>
          <PasswordField
            label={t('password.current')}
            autoComplete="current-password"
            {...form.getInputProps('currentPassword')}
          />
          <PasswordField
            label={t('password.new')}
            description={t('password.rule')}
            autoComplete="new-password"
            {...form.getInputProps('newPassword')}
          />
          <PasswordField
            label={t('password.confirm')}
            autoComplete="new-password"
            {...form.getInputProps('confirmPassword')}
          />
          <Group>
            <Button type="submit" loading={change.isPending}>
              {t('password.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
