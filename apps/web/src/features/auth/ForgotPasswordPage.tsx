// /forgot-password: email plus bot check, then the "sent" confirmation with a link back to sign in.
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { TEXT_LIMITS } from '@message-station/shared';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { serverErrorText } from '../../api/client';
import { BotCheckField } from '../../components/BotCheck';
import { useBotCheck } from '../../components/use-bot-check';
import { useTranslation } from '../../i18n/react';
import { AuthCard } from './AuthCard';
import { useRequestPasswordResetMutation } from './password-reset-queries';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const mutation = useRequestPasswordResetMutation();
  const botCheck = useBotCheck();
  const form = useForm({
    initialValues: { email: '' },
    validate: {
      email: (value) => {
        if (!value.trim()) return t('forgotPassword.emailRequired');
        return EMAIL_PATTERN.test(value.trim()) ? null : t('forgotPassword.emailInvalid');
      },
    },
  });

  const backToLogin = (
    <Text c="dimmed" fz="sm" ta="center" mt="lg">
      {t('forgotPassword.remembered')}{' '}
      <Anchor component={Link} to="/login" fz="sm">
        {t('forgotPassword.signIn')}
      </Anchor>
    </Text>
  );

  if (mutation.isSuccess) {
    return (
      <AuthCard title={t('forgotPassword.sentTitle')}>
        <Stack>
          <Alert color="green" icon={<IconMailCheck size={18} aria-hidden="true" />} role="status">
            <Text fz="sm">{t('forgotPassword.sent')}</Text>
          </Alert>
          <Text fz="sm" c="dimmed">
            {t('forgotPassword.expires')}
          </Text>
          <Button component={Link} to="/login" fullWidth>
            {t('forgotPassword.backToLogin')}
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  const submit = form.onSubmit((values) => {
    const turnstileToken = botCheck.require();
    if (!turnstileToken) return;
    mutation.mutate(
      { email: values.email.trim(), turnstileToken },
      { onError: botCheck.restartAfterFailure },
    );
  });

  return (
    <AuthCard title={t('forgotPassword.title')} subtitle={t('forgotPassword.subtitle')} footer={backToLogin}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {mutation.isError && (
            <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden="true" />} role="alert">
              {serverErrorText(mutation.error, t('forgotPassword.failed'))}
            </Alert>
          )}
          <TextInput
            label={t('forgotPassword.email')}
            placeholder={t('forgotPassword.emailPlaceholder')}
            type="email"
            autoComplete="email"
            withAsterisk
            maxLength={TEXT_LIMITS.email}
            {...form.getInputProps('email')}
          />
          <BotCheckField botCheck={botCheck} />
          <Button type="submit" fullWidth loading={mutation.isPending} disabled={!botCheck.token}>
            {t('forgotPassword.submit')}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
