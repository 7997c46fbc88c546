// /accept-invitation?token=…: an admin's invitation (decision 0025). Shows the station, the email and
// the name the admin gave; the person chooses a password, the account is created and signed in,
// and they land on the dashboard. A link that is not valid any more says so (en, es).
import { Alert, Button, Group, Loader, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { INVITATION_ERROR_CODES, LIMITS, TEXT_LIMITS } from '@message-station/shared';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError, serverErrorText } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { acceptInvitation, getInvitationPreview } from '../../api/users';
import { useTranslation } from '../../i18n/react';
import { withCsrfCookie } from '../../lib/session';
import { AuthCard, LinkProblemCard } from './AuthCard';

const isInvalidLink = (error: unknown) =>
  error instanceof ApiError &&
  (error.status === 404 ||
    (error.body as { code?: unknown } | undefined)?.code === INVITATION_ERROR_CODES.invalid);

export function AcceptInvitationPage() {
  const { t } = useTranslation('auth');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const preview = useQuery({
    queryKey: ['auth', 'invitation', token],
    queryFn: ({ signal }) => getInvitationPreview(token, signal),
    enabled: token !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
  const title = t('acceptInvitation.title');

  if (!token || preview.isError) {
    const invalid = !token || isInvalidLink(preview.error);
    return (
      <InvitationProblem
        title={title}
        message={invalid ? t('acceptInvitation.invalid') : t('acceptInvitation.loadFailed')}
      />
    );
  }
  if (preview.isPending) {
    return (
      <AuthCard title={title}>
        <Group justify="center" gap="sm" py="md" role="status">
          <Loader size="sm" aria-hidden="true" />
          <Text c="dimmed">{t('acceptInvitation.checking')}</Text>
        </Group>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={title}
      subtitle={t('acceptInvitation.subtitle', { station: preview.data.station_display_name })}
    >
      <AcceptInvitationForm token={token} email={preview.data.email} fullName={preview.data.full_name} />
    </AuthCard>
  );
}

function AcceptInvitationForm({
  token,
  email,
  fullName,
}: {
  token: string;
  email: string;
  fullName: string;
}) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const min = LIMITS.passwordMinLength;
  const accept = useMutation({
    mutationFn: (values: { fullName: string; password: string }) =>
      withCsrfCookie(() =>
        acceptInvitation({ token, password: values.password, full_name: values.fullName }),
      ),
    onSuccess: (user) => {
      queryClient.setQueryData(queryKeys.session, user);
      navigate('/admin/dashboard', { replace: true });
    },
  });
  const form = useForm({
    initialValues: { fullName, password: '', confirmPassword: '' },
    validate: {
      fullName: (value) => (value.trim() ? null : t('acceptInvitation.fullNameRequired')),
      password: (value) => (value.length >= min ? null : t('resetPassword.passwordTooShort', { min })),
      confirmPassword: (value, values) =>
        value === values.password ? null : t('resetPassword.passwordsMismatch'),
    },
  });
  const toggleProps = { 'aria-label': t('login.toggleVisibility') };
  const errorText = accept.isError
    ? isInvalidLink(accept.error)
      ? t('acceptInvitation.invalid')
      : serverErrorText(accept.error, t('acceptInvitation.failed'))
    : null;

  return (
    <form onSubmit={form.onSubmit((values) => accept.mutate(values))} noValidate>
      <Stack>
        {errorText && (
          <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden="true" />} role="alert">
            {errorText}
          </Alert>
        )}
        <TextInput label={t('acceptInvitation.email')} value={email} readOnly autoComplete="username" />
        <TextInput
          label={t('acceptInvitation.fullName')}
          withAsterisk
          autoComplete="name"
          maxLength={TEXT_LIMITS.name}
          {...form.getInputProps('fullName')}
        />
        <PasswordInput
          label={t('acceptInvitation.password')}
          placeholder={t('resetPassword.newPasswordPlaceholder', { min })}
          autoComplete="new-password"
          withAsterisk
          maxLength={TEXT_LIMITS.password}
          visibilityToggleButtonProps={toggleProps}
          {...form.getInputProps('password')}
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
        <Button type="submit" fullWidth loading={accept.isPending}>
          {t('acceptInvitation.submit')}
        </Button>
      </Stack>
    </form>
  );
}

function InvitationProblem({ title, message }: { title: string; message: string }) {
  const { t } = useTranslation('auth');
  return (
    <LinkProblemCard
      title={title}
      message={message}
      note={t('acceptInvitation.askAgain')}
      action={{ to: '/login', label: t('acceptInvitation.goToLogin') }}
    />
  );
}
