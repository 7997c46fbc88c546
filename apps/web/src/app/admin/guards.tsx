// Role guards used inside the admin area (the signed-in check happens in AdminArea).

import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { actsAsStationAdmin } from '@message-station/shared/catalogue';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Outlet } from 'react-router';
import { useDocumentTitle } from '../../components/use-document-title';
import { useSessionUser } from '../session-user';

export function AccessDenied() {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('accessDenied.title'));
  return (
    <Center py={80}>
      <Stack align="center" ta="center" gap="md" maw={440}>
        <ThemeIcon size={64} radius="xl" color="red" variant="light">
          <IconLock size={32} aria-hidden="true" />
        </ThemeIcon>
        <Title order={1}>{t('accessDenied.title')}</Title>
        <Text c="dimmed">{t('accessDenied.text')}</Text>
        <Button component={Link} to="/admin/dashboard">
          {t('accessDenied.back')}
        </Button>
      </Stack>
    </Center>
  );
}

/** Role admin only; other signed-in users see Access Denied inside the admin layout. */
export function RequireAdmin() {
  const user = useSessionUser();
  if (!actsAsStationAdmin(user)) return <AccessDenied />;
  return <Outlet />;
}

/** Superadmins only; anyone else goes back to the dashboard. */
export function RequireSuperadmin() {
  const user = useSessionUser();
  if (!user.isSuperadmin) return <Navigate to="/admin/dashboard" replace />;
  return <Outlet />;
}
