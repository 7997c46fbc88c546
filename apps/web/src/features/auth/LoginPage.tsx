// Station login (/admin/login and /login): email and password, errors in an alert.
import {
  Alert,
  Anchor,
  Button,
  Container,
  Paper,
  PasswordInput,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { TEXT_LIMITS } from '@message-station/shared';
import { IconAlertCircle } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { ApiError } from '../../api/client';
import { PageLoader } from '../../components/PageLoader';
import { useDocumentTitle } from '../../components/use-document-title';
import { useTranslation } from '../../i18n/react';
import { useSessionQuery } from '../../lib/session';
import { needsTwoFactorCode, useLoginMutation } from './queries';
import { returnPathFrom } from './return-path';
import { TwoFactorStep } from './TwoFactorStep';

function loginErrorText(error: unknown, t: TFunction<'auth'>): string {
  if (error instanceof ApiError && error.status === 401) return t('login.invalidCredentials');
  // Rate limiting and other refusals carry the server's own words.
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return error.message;
  return t('login.failed');
}

export function LoginPage() {
  const { t } = useTranslation('auth');
  const location = useLocation();
  const session = useSessionQuery();
  const loginMutation = useLoginMutation();
  // The code step closed (too slow or too many tries): the password step says so.
  const [codeStepExpired, setCodeStepExpired] = useState(false);
  const form = useForm({
    initialValues: { email: '', password: '' },
    validate: {
      email: (value) => (value.trim() ? null : t('login.emailRequired')),
      password: (value) => (value ? null : t('login.passwordRequired')),
    },
  });
  useDocumentTitle(t('login.title'));

  if (session.isPending) return <PageLoader contained />;
  // Signed in already, or just now: a successful login stores the user in the session query.
  if (session.data) return <Navigate to={returnPathFrom(location.state)} replace />;

  const submit = form.onSubmit((values) => {
    setCodeStepExpired(false);
    loginMutation.mutate({ email: values.email.trim(), password: values.password });
  });
  const backToPassword = (expired: boolean) => {
    setCodeStepExpired(expired);
    form.setFieldValue('password', '');
    loginMutation.reset();
  };

  return (
    <Container size={440} py={{ base: 40, sm: 72 }}>
      <Title order={1} ta="center">
        {t('login.title')}
      </Title>
      <Text c="dimmed" ta="center" mt={6}>
        {t('login.subtitle')}
      </Text>

      <Paper withBorder shadow="xs" p={{ base: 'lg', sm: 32 }} mt="xl" radius="lg">
        {needsTwoFactorCode(loginMutation.data) ? (
          <TwoFactorStep onExpired={() => backToPassword(true)} onBack={() => backToPassword(false)} />
        ) : (
          <form onSubmit={submit} noValidate>
            <Stack>
              {codeStepExpired && (
                <Alert color="yellow" icon={<IconAlertCircle size={18} aria-hidden="true" />} role="alert">
                  {t('twoFactor.expired')}
                </Alert>
              )}
              {loginMutation.isError && (
                <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden="true" />} role="alert">
                  {loginErrorText(loginMutation.error, t)}
                </Alert>
              )}
              <TextInput
                label={t('login.email')}
                placeholder={t('login.emailPlaceholder')}
                type="email"
                autoComplete="email"
                withAsterisk
                maxLength={TEXT_LIMITS.email}
                {...form.getInputProps('email')}
              />
              <PasswordInput
                label={t('login.password')}
                placeholder={t('login.passwordPlaceholder')}
                autoComplete="current-password"
                withAsterisk
                // Mantine's default label contains "password", which would make the field ambiguous
                // to "find by label Password".
                visibilityToggleButtonProps={{ 'aria-label': t('login.toggleVisibility') }}
                maxLength={TEXT_LIMITS.password}
                {...form.getInputProps('password')}
              />
              <Anchor component={Link} to="/forgot-password" fz="sm" style={{ alignSelf: 'flex-end' }}>
                {t('login.forgotPassword')}
              </Anchor>
              <Button type="submit" fullWidth loading={loginMutation.isPending}>
                {t('login.submit')}
              </Button>
            </Stack>
          </form>
        )}
      </Paper>

      <Text c="dimmed" fz="sm" ta="center" mt="lg">
        {t('login.accountsNote')}
      </Text>
      <Text c="dimmed" fz="sm" ta="center" mt={4}>
        {t('login.newStation')}{' '}
        <Anchor component={Link} to="/signup" fz="sm">
          {t('login.createStation')}
        </Anchor>
      </Text>
    </Container>
  );
}
