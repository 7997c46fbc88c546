// /reset-password?token=…: verifies the emailed link (which texts a code), then the reset form, then
// success with the way to sign in.
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiError, serverErrorText } from '../../api/client';
import { useTranslation } from '../../i18n/react';
import { AuthCard, LinkProblemCard } from './AuthCard';
import { useVerifyResetTokenQuery } from './password-reset-queries';
import { ResetPasswordForm } from './ResetPasswordForm';

function verifyErrorText(error: unknown, t: TFunction<'auth'>): string {
  const refused = error instanceof ApiError && error.status >= 400 && error.status < 500;
  return refused ? serverErrorText(error, t('resetPassword.invalidToken')) : t('resetPassword.verifyFailed');
}

export function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const verification = useVerifyResetTokenQuery(token);
  const [passwordChanged, setPasswordChanged] = useState(false);
  const title = t('resetPassword.title');

  if (!token) return <ResetLinkProblem title={title} message={t('resetPassword.missingToken')} />;

  if (passwordChanged) {
    return (
      <AuthCard title={t('resetPassword.successTitle')}>
        <Stack>
          <Alert color="green" icon={<IconCircleCheck size={18} aria-hidden="true" />} role="status">
            {t('resetPassword.success')}
          </Alert>
          <Button component={Link} to="/login" fullWidth>
            {t('resetPassword.goToLogin')}
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  if (verification.isPending) {
    return (
      <AuthCard title={title}>
        <Group justify="center" gap="sm" py="md" role="status">
          <Loader size="sm" aria-hidden="true" />
          <Text c="dimmed">{t('resetPassword.verifying')}</Text>
        </Group>
      </AuthCard>
    );
  }

  if (verification.isError) {
    return <ResetLinkProblem title={title} message={verifyErrorText(verification.error, t)} />;
  }

  return (
    <AuthCard title={title}>
      <ResetPasswordForm
        token={token}
        verification={verification.data}
        onPasswordChanged={() => setPasswordChanged(true)}
      />
    </AuthCard>
  );
}

/** A link that cannot be used: the reason, and the way to ask for a new one. */
function ResetLinkProblem({ title, message }: { title: string; message: string }) {
  const { t } = useTranslation('auth');
  return (
    <LinkProblemCard
      title={title}
      message={message}
      action={{ to: '/forgot-password', label: t('resetPassword.requestNewLink') }}
    />
  );
}
