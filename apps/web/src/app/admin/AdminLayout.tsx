// Admin frame (Mantine AppShell): station and user in the top bar, navigation on the left.
import { Anchor, AppShell, Box, Button, Group, Image, Stack, Text } from '@mantine/core';
import type { TSessionUser } from '@message-station/shared';
import { IconLogout } from '@tabler/icons-react';
import { type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageLoader } from '../../components/PageLoader';
import { useLogoutMutation } from '../../features/auth/queries';
import { ViewingAsBar } from '../../features/superadmin/ViewingAsBar';
import { LanguageSwitcher } from '../layouts/LanguageSwitcher';
import { AdminNav } from './AdminNav';

type AdminLayoutProps = { user: TSessionUser; children: ReactNode };

export function AdminLayout({ user, children }: AdminLayoutProps) {
  const { t } = useTranslation('admin');
  const logout = useLogoutMutation();

  return (
    <AppShell header={{ height: 64 }} navbar={{ width: 240, breakpoint: 'xs' }} padding="lg">
      <AppShell.Header px="md">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Anchor
            component={Link}
            to="/admin/dashboard"
            underline="never"
            c="inherit"
            display="flex"
            style={{ alignItems: 'center', gap: 'var(--mantine-spacing-sm)', minWidth: 0 }}
          >
            <Image
              src={user.stationLogoUrl || '/logo.svg'}
              alt={t('layout.stationLogoAlt', { station: user.stationName })}
              h={40}
              w="auto"
              maw={120}
              fit="contain"
            />
            <Text fw={700} fz="lg" truncate>
              {user.stationName}
            </Text>
          </Anchor>

          <Group gap="md" wrap="nowrap">
            <LanguageSwitcher forAccount />
            <Anchor
              component={Link}
              to="/admin/account"
              underline="hover"
              c="inherit"
              title={t('nav.account')}
              style={{ minWidth: 0 }}
            >
              <Stack gap={0} align="flex-end">
                <Text fw={600} fz="sm" truncate maw={220}>
                  {user.fullName}
                </Text>
                <Text c="dimmed" fz="xs" truncate maw={220}>
                  {user.email}
                </Text>
              </Stack>
            </Anchor>
            <Button
              variant="default"
              leftSection={<IconLogout size={16} aria-hidden="true" />}
              onClick={() => logout.mutate()}
              loading={logout.isPending}
            >
              {t('layout.logout')}
            </Button>
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar p="sm">
        <AdminNav user={user} />
      </AppShell.Navbar>

      <AppShell.Main bg="gray.0">
        <Box maw={1400}>
          {user.viewingStationId && <ViewingAsBar stationName={user.stationName} />}
          <Suspense fallback={<PageLoader />}>{children}</Suspense>
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
