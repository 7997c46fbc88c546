// /admin/users (admin only): the station's users with Add User, the dialogs each row opens:
// Reset Password, Edit User, Delete User Account, API Key, the pending invitations,
// and the station's API keys for integrations.
import { Button, Card, Group, Title } from '@mantine/core';
import type { TStationUser } from '@message-station/shared';
import { IconUserPlus, IconUsers } from '@tabler/icons-react';
import { useState } from 'react';
import { ListEmpty, ListLoading } from '../../components/ListStates';
import { PageTitle } from '../../components/PageTitle';
import { useTranslation } from '../../i18n/react';
import { useUsersQuery } from '../../lib/station-queries';
import { AddUserModal } from './AddUserModal';
import { ApiKeyModal } from './ApiKeyModal';
import { DeleteUserModal } from './DeleteUserModal';
import { EditUserModal } from './EditUserModal';
import { PendingInvitations } from './PendingInvitations';
import { ResetPasswordModal } from './ResetPasswordModal';
import { StationKeysCard } from './StationKeysCard';
import { type TUserAction, UsersTable } from './UsersTable';

/** The dialog a row opened, and for whom. */
type TOpenDialog = { action: TUserAction; user: TStationUser } | null;

export function UsersPage() {
  const { t } = useTranslation('users');
  const users = useUsersQuery();
  const [adding, setAdding] = useState(false);
  const [open, setOpen] = useState<TOpenDialog>(null);

  const close = () => setOpen(null);
  // The list's latest copy, so the API Key dialog shows a key generated or revoked a moment ago.
  const current = open ? (users.data?.find((user) => user.id === open.user.id) ?? open.user) : null;
  const userFor = (action: TUserAction) => (open?.action === action ? current : null);

  return (
    <>
      <PageTitle>{t('title')}</PageTitle>
      <Card p={{ base: 'md', lg: 'lg' }}>
        <Group justify="space-between" mb="md" gap="sm">
          <Title order={2} fz="h3">
            {users.data ? t('cardTitle', { count: users.data.length }) : t('cardTitleLoading')}
          </Title>
          <Button leftSection={<IconUserPlus size={16} aria-hidden="true" />} onClick={() => setAdding(true)}>
            {t('addUser')}
          </Button>
        </Group>

        {users.isPending ? (
          <ListLoading label={t('loading')} />
        ) : !users.data?.length ? (
          <ListEmpty icon={<IconUsers size={24} />} title={t('empty')} />
        ) : (
          <UsersTable users={users.data} onAction={(action, user) => setOpen({ action, user })} />
        )}
      </Card>

      <PendingInvitations />

      <StationKeysCard />

      <AddUserModal opened={adding} onClose={() => setAdding(false)} />
      <EditUserModal user={userFor('edit')} onClose={close} />
      <DeleteUserModal user={userFor('delete')} onClose={close} />
      <ResetPasswordModal user={userFor('resetPassword')} onClose={close} />
      <ApiKeyModal user={userFor('apiKey')} onClose={close} />
    </>
  );
}
