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
import { Link, useLocation } from 'react-router';
import { InboxNavBadge } from '../../features/inbox/InboxNavBadge';
import { useTranslation } from '../../i18n/react';

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
  /** Works on a phone (its route's `phone` handle, app/admin/routes.tsx): the phone menu lists only these. */
  phone?: true;
};

const NAV_ITEMS: TNavItem[] = [
  { key: 'dashboard', to: '/admin/dashboard', icon: IconLayoutDashboard, phone: true },
  { key: 'messages', to: '/admin/messages', icon: IconMessages, phone: true },
  { key: 'inbox', to: '/admin/inbox', icon: IconInbox, phone: true },
  { key: 'schedules', to: '/admin/schedules', icon: IconCalendarTime },
  { key: 'templates', to: '/admin/templates', icon: IconTemplate },
  { key: 'machines', to: '/admin/machines', icon: IconDeviceDesktop, phone: true },
  { key: 'smsContacts', to: '/admin/sms-contacts', icon: IconAddressBook, phone: true },
  { key: 'users', to: '/admin/users', icon: IconUsers, visibleTo: 'admin' },
  { key: 'billing', to: '/admin/billing', icon: IconCreditCard, visibleTo: 'admin' },
  { key: 'settings', to: '/admin/settings', icon: IconSettings, visibleTo: 'admin', phone: true },
  { key: 'audit', to: '/admin/audit', icon: IconHistory, visibleTo: 'admin' },
  { key: 'webhooks', to: '/admin/webhooks', icon: IconWebhook, visibleTo: 'admin' },
  { key: 'weather', to: '/admin/weather', icon: IconCloudStorm, visibleTo: 'admin', phone: true },
  { key: 'download', to: '/admin/download', icon: IconDownload },
  { key: 'contactSupport', to: '/admin/contact', icon: IconLifebuoy },
  { key: 'account', to: '/admin/account', icon: IconUserCircle, phone: true },
  { key: 'superadmin', to: '/admin/superadmin', icon: IconShieldLock, visibleTo: 'superadmin' },
];

function canSee(item: TNavItem, user: TSessionUser): boolean {
  if (item.visibleTo === 'admin') return actsAsStationAdmin(user);
  if (item.visibleTo === 'superadmin') return user.isSuperadmin;
  return true;
}

/** The pages the menu lists: on a phone only those that work there (the others would only say so). */
export function navItemsFor(user: TSessionUser, phone: boolean): TNavItem[] {
  return NAV_ITEMS.filter((item) => canSee(item, user) && (!phone || item.phone));
}

/** `onNavigate`: called when a page is chosen (the phone's drawer closes). */
export function AdminNav({
  user,
  onNavigate,
  phone = false,
}: {
  user: TSessionUser;
  onNavigate?: () => void;
  phone?: boolean;
}) {
  const { t } = useTranslation('admin');
  const { pathname } = useLocation();

  return (
    <Stack component="nav" aria-label={t('nav.label')} gap={2}>
      {navItemsFor(user, phone).map(({ key, to, icon: Icon }) => {
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
