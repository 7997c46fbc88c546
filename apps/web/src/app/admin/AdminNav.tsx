// Admin sidebar: every page the signed-in user may open, in the spec's order.
import { NavLink, Stack } from '@mantine/core';
import type { TSessionUser } from '@message-station/shared';
import { actsAsStationAdmin } from '@message-station/shared/catalogue';
import {
  IconAddressBook,
  IconCalendarTime,
  IconCloudStorm,
  IconCreditCard,
  IconDeviceDesktop,
  IconDownload,
  IconHistory,
  IconInbox,
  IconLayoutDashboard,
  IconLifebuoy,
  IconMessages,
  IconSettings,
  IconShieldLock,
  IconTemplate,
  IconUserCircle,
  IconUsers,
  IconWebhook,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { InboxNavBadge } from '../../features/inbox/InboxNavBadge';

type TNavItem = {
  key:
    | 'dashboard'
    | 'messages'
    | 'inbox'
    | 'schedules'
    | 'templates'
    | 'machines'
    | 'smsContacts'
    | 'users'
    | 'billing'
    | 'settings'
    | 'audit'
    | 'webhooks'
    | 'weather'
    | 'download'
    | 'contactSupport'
    | 'account'
    | 'superadmin';
  to: string;
  icon: typeof IconUsers;
  visibleTo?: 'admin' | 'superadmin';
};

const NAV_ITEMS: TNavItem[] = [
  { key: 'dashboard', to: '/admin/dashboard', icon: IconLayoutDashboard },
  { key: 'messages', to: '/admin/messages', icon: IconMessages },
  { key: 'inbox', to: '/admin/inbox', icon: IconInbox },
  { key: 'schedules', to: '/admin/schedules', icon: IconCalendarTime },
  { key: 'templates', to: '/admin/templates', icon: IconTemplate },
  { key: 'machines', to: '/admin/machines', icon: IconDeviceDesktop },
  { key: 'smsContacts', to: '/admin/sms-contacts', icon: IconAddressBook },
  { key: 'users', to: '/admin/users', icon: IconUsers, visibleTo: 'admin' },
  { key: 'billing', to: '/admin/billing', icon: IconCreditCard, visibleTo: 'admin' },
  { key: 'settings', to: '/admin/settings', icon: IconSettings, visibleTo: 'admin' },
  { key: 'audit', to: '/admin/audit', icon: IconHistory, visibleTo: 'admin' },
  { key: 'webhooks', to: '/admin/webhooks', icon: IconWebhook, visibleTo: 'admin' },
  { key: 'weather', to: '/admin/weather', icon: IconCloudStorm, visibleTo: 'admin' },
  { key: 'download', to: '/admin/download', icon: IconDownload },
  { key: 'contactSupport', to: '/admin/contact', icon: IconLifebuoy },
  { key: 'account', to: '/admin/account', icon: IconUserCircle },
  { key: 'superadmin', to: '/admin/superadmin', icon: IconShieldLock, visibleTo: 'superadmin' },
];

function canSee(item: TNavItem, user: TSessionUser): boolean {
  if (item.visibleTo === 'admin') return actsAsStationAdmin(user);
  if (item.visibleTo === 'superadmin') return user.isSuperadmin;
  return true;
}

/** `onNavigate`: called when a page is chosen (the phone's drawer closes). */
export function AdminNav({ user, onNavigate }: { user: TSessionUser; onNavigate?: () => void }) {
  const { t } = useTranslation('admin');
  const { pathname } = useLocation();

  return (
    <Stack component="nav" aria-label={t('nav.label')} gap={2}>
      {NAV_ITEMS.filter((item) => canSee(item, user)).map(({ key, to, icon: Icon }) => {
        const active = pathname === to || pathname.startsWith(`${to}/`);
        return (
          <NavLink
            key={key}
            component={Link}
            to={to}
            onClick={onNavigate}
            label={t(`nav.${key}`)}
            leftSection={<Icon size={20} stroke={1.6} aria-hidden="true" />}
            rightSection={key === 'inbox' ? <InboxNavBadge /> : undefined}
            active={active}
            aria-current={active ? 'page' : undefined}
            variant="light"
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
          />
        );
      })}
    </Stack>
  );
}
