// Delete User Account: a confirmation for a standard user; for an admin only the notice that
// admin accounts cannot be deleted here, with no delete button.
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TStationUser } from '@message-station/shared';
import { IconAlertCircle, IconLock } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/react';
import { displayName } from '../../lib/user-name';
import { useDeleteUserMutation } from './queries';
import { userErrorText } from './user-error';

type DeleteUserModalProps = { user: TStationUser | null; onClose: () => void };

export function DeleteUserModal({ user, onClose }: DeleteUserModalProps) {
  const { t } = useTranslation('users');
  return (
    <Modal opened={user !== null} onClose={onClose} title={t('delete.title')}>
      {user &&
        (user.role === 'admin' ? (
          <AdminNotice onClose={onClose} />
        ) : (
          <DeleteConfirm key={user.id} user={user} onClose={onClose} />
        ))}
    </Modal>
  );
}

function AdminNotice({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('users');
  return (
    <Stack gap="md">
      <Alert color="blue" variant="light" icon={<IconLock size={18} aria-hidden="true" />} role="note">
        {t('delete.adminBlocked')}
      </Alert>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('close')}
        </Button>
      </Group>
    </Stack>
  );
}

function DeleteConfirm({ user, onClose }: { user: TStationUser; onClose: () => void }) {
  const { t } = useTranslation('users');
  const remove = useDeleteUserMutation();
  const name = displayName(user);

  const confirm = () => {
    remove.mutate(user.id, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('delete.deleted', { name }) });
        onClose();
      },
    });
  };

  return (
    <Stack gap="md">
      <Text fz="sm">{t('delete.confirm', { name, email: user.email })}</Text>
      {remove.isError && (
        <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden="true" />} role="alert">
          {userErrorText(remove.error, t('delete.failed'))}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={remove.isPending}>
          {t('cancel')}
        </Button>
        <Button color="red" onClick={confirm} loading={remove.isPending}>
          {t('delete.submit')}
        </Button>
      </Group>
    </Stack>
  );
}
