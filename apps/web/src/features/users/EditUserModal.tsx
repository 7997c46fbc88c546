// Edit User (non-admin accounts only): Full Name and Email, both required, and desktop API access
// (spec §2 Users, §5 Edit user).
import { Alert, Button, Checkbox, Group, Modal, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TStationUser } from '@message-station/shared';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateUserMutation } from './queries';
import { userErrorText } from './user-error';
import { displayName } from './user-name';

type EditUserModalProps = { user: TStationUser | null; onClose: () => void };

export function EditUserModal({ user, onClose }: EditUserModalProps) {
  const { t } = useTranslation('users');
  return (
    <Modal opened={user !== null} onClose={onClose} title={t('edit.title')}>
      {user && <EditUserForm key={user.id} user={user} onClose={onClose} />}
    </Modal>
  );
}

function EditUserForm({ user, onClose }: { user: TStationUser; onClose: () => void }) {
  const { t } = useTranslation('users');
  const update = useUpdateUserMutation();
  const [fullName, setFullName] = useState(user.full_name);
  const [email, setEmail] = useState(user.email);
  const [apiAccess, setApiAccess] = useState(user.api_access_enabled);

  const complete = Boolean(fullName.trim() && email.trim());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!complete) return;
    update.mutate(
      {
        id: user.id,
        request: { full_name: fullName.trim(), email: email.trim(), api_access_enabled: apiAccess },
      },
      {
        onSuccess: (saved) => {
          notifications.show({ color: 'green', message: t('edit.saved', { name: displayName(saved) }) });
          onClose();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('form.fullName')}
          withAsterisk
          autoComplete="off"
          maxLength={100}
          value={fullName}
          onChange={(event) => setFullName(event.currentTarget.value)}
          data-autofocus
        />
        <TextInput
          label={t('form.email')}
          type="email"
          withAsterisk
          autoComplete="off"
          maxLength={320}
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
        <Checkbox
          label={t('form.apiAccess')}
          description={t('form.apiAccessDescription')}
          checked={apiAccess}
          onChange={(event) => setApiAccess(event.currentTarget.checked)}
        />
        {update.isError && (
          <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden="true" />} role="alert">
            {userErrorText(update.error, t('edit.failed'))}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button type="submit" disabled={!complete} loading={update.isPending}>
            {t('edit.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
