// Role guards used inside the admin area (the signed-in check happens in AdminArea), and what the
// area shows in place of a page it cannot show: Access Denied, Page Not Found.

import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { actsAsStationAdmin } from '@message-station/shared/catalogue';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, Navigate, Outlet } from 'react-router';
import { useDocumentTitle } from '../../components/use-document-title';
import { useTranslation } from '../../i18n/react';
import { useSessionUser } from '../session-user';

/** A page of the admin area that cannot be shown: why, inside the shell, and the way back. */
export function AdminNotice({
  icon,
  color,
  title,
  text,
}: {
  icon: ReactNode;
  color: string;
  title: string;
  text: string;
}) {
  const { t } = useTranslation('admin');
  useDocumentTitle(title);
  return (
    <Center py={80}>
      <Stack align="center" ta="center" gap="md" maw={440}>
        <ThemeIcon size={64} radius="xl" color={color} variant="light">
          {icon}
        </ThemeIcon>
        <Title order={1}>{title}</Title>
        <Text c="dimmed">{text}</Text>
        <Button component={Link} to="/admin/dashboard">
          {t('accessDenied.back')}
        </Button>
      </Stack>
    </Center>
  );
}

export function AccessDenied() {
  const { t } = useTranslation('admin');
  return (
    <AdminNotice
      icon={<IconLock size={32} aria-hidden="true" />}
      color="red"
      title={t('accessDenied.title')}
      text={t('accessDenied.text')}
    />
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
