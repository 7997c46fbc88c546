// Admin frame (Mantine AppShell): station and user in the top bar, navigation on the left. On a
// phone (decision 0043) the top bar keeps the station, the language and a menu button; the
// navigation, the account and Logout open in a drawer (the same navbar, collapsed until asked for).
// "New alert" stays in the top bar on every page and screen: the one screen that writes and sends
// an alert (decision 0082).
import { Anchor, AppShell, Box, Burger, Button, Group, Image, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { TSessionUser } from '@message-station/shared';
import { IconLogout, IconSpeakerphone } from '@tabler/icons-react';
import { type ReactNode, Suspense } from 'react';
import { Link } from 'react-router';
import { PageLoader } from '../../components/PageLoader';
import { ADMIN_PHONE_BREAKPOINT } from '../../components/use-admin-phone';
import { useLogoutMutation } from '../../features/auth/queries';
import { ViewingAsBar } from '../../features/superadmin/ViewingAsBar';
import { useTranslation } from '../../i18n/react';
import { LanguageSwitcher } from '../layouts/LanguageSwitcher';
import { AdminNav } from './AdminNav';

const NAVBAR_ID = 'admin-navbar';

type AdminLayoutProps = { user: TSessionUser; phone: boolean; children: ReactNode };

export function AdminLayout({ user, phone, children }: AdminLayoutProps) {
  const { t } = useTranslation('admin');
  const [menuOpened, menu] = useDisclosure(false);
  // On a phone the drawer closes once a page is chosen in it.
  const closeMenu = phone ? menu.close : undefined;

  return (
    <AppShell
      header={{ height: phone ? 56 : 64 }}
      navbar={{ width: 240, breakpoint: ADMIN_PHONE_BREAKPOINT, collapsed: { mobile: !menuOpened } }}
      padding={phone ? 'sm' : 'lg'}
    >
      <AppShell.Header px={phone ? 'xs' : 'md'}>
        <Group h="100%" justify="space-between" wrap="nowrap" gap="xs">
          <Group gap={4} wrap="nowrap" miw={0}>
            {phone && (
              <Burger
                opened={menuOpened}
                onClick={menu.toggle}
                size="sm"
                aria-label={t('layout.menu')}
                aria-expanded={menuOpened}
                aria-controls={NAVBAR_ID}
              />
            )}
            <Anchor
              component={Link}
              to="/admin/dashboard"
              onClick={closeMenu}
              underline="never"
              c="inherit"
              display="flex"
              style={{ alignItems: 'center', gap: 'var(--mantine-spacing-sm)', minWidth: 0 }}
            >
              <Image
                src={user.stationLogoUrl || '/logo.svg'}
                alt={t('layout.stationLogoAlt', { station: user.stationName })}
                h={phone ? 32 : 40}
                w="auto"
                maw={phone ? 64 : 120}
                fit="contain"
              />
              <Text fw={700} fz={phone ? 'md' : 'lg'} truncate>
                {user.stationName}
              </Text>
            </Anchor>
          </Group>

          <Group gap={phone ? 'xs' : 'md'} wrap="nowrap">
            <NewAlertButton phone={phone} onClick={closeMenu} />
            <LanguageSwitcher forAccount />
            {!phone && <AccountLink user={user} />}
            {!phone && <LogoutButton />}
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar
        p="sm"
        id={NAVBAR_ID}
        // Out of sight is out of reach: a closed drawer is not read out or tabbed into.
        style={phone && !menuOpened ? { visibility: 'hidden' } : undefined}
      >
        <AppShell.Section grow style={{ overflowY: 'auto' }}>
          <AdminNav user={user} onNavigate={closeMenu} phone={phone} />
        </AppShell.Section>
        {phone && (
          <AppShell.Section pt="sm" mt="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-3)' }}>
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <AccountLink user={user} onClick={closeMenu} align="flex-start" />
              <LogoutButton />
            </Group>
          </AppShell.Section>
        )}
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

/**
 * The way to the compose (decision 0082), light: the compose's Send is the page's one filled action.
 * On a phone the icon alone would hide what it does, so it keeps its two words.
 */
function NewAlertButton({ phone, onClick }: { phone: boolean; onClick?: () => void }) {
  const { t } = useTranslation('admin');
  return (
    <Button
      component={Link}
      to="/admin/alert"
      onClick={onClick}
      color="red"
      variant="light"
      size={phone ? 'compact-sm' : 'sm'}
      leftSection={<IconSpeakerphone size={phone ? 14 : 16} aria-hidden="true" />}
      style={{ flexShrink: 0 }}
      data-new-alert=""
    >
      {t('layout.newAlert')}
    </Button>
  );
}

/** The user's name and email, leading to their account. */
function AccountLink({
  user,
  onClick,
  align = 'flex-end',
}: {
  user: TSessionUser;
  onClick?: () => void;
  align?: 'flex-start' | 'flex-end';
}) {
  const { t } = useTranslation('admin');
  return (
    <Anchor
      component={Link}
      to="/admin/account"
      onClick={onClick}
      underline="hover"
      c="inherit"
      title={t('nav.account')}
      style={{ minWidth: 0 }}
    >
      <Stack gap={0} align={align}>
        <Text fw={600} fz="sm" truncate maw={220}>
          {user.fullName}
        </Text>
        <Text c="dimmed" fz="xs" truncate maw={220}>
          {user.email}
        </Text>
      </Stack>
    </Anchor>
  );
}

function LogoutButton() {
  const { t } = useTranslation('admin');
  const logout = useLogoutMutation();
  return (
    <Button
      variant="default"
      leftSection={<IconLogout size={16} aria-hidden="true" />}
      onClick={() => logout.mutate()}
      loading={logout.isPending}
      style={{ flexShrink: 0 }}
    >
      {t('layout.logout')}
    </Button>
  );
}
