// Edit User (non-admin accounts only): Full Name and Email, both required, and desktop API access
// (spec §2 Users, §5 Edit user).
import { Modal, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TStationUser } from '@message-station/shared';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdateUserMutation } from './queries';
import {
  NameAndEmailFields,
  nameAndEmailComplete,
  nameAndEmailRequest,
  UserFormFooter,
} from './UserFormFields';
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
  const [nameAndEmail, setNameAndEmail] = useState({ fullName: user.full_name, email: user.email });
  const [apiAccess, setApiAccess] = useState(user.api_access_enabled);

  const complete = nameAndEmailComplete(nameAndEmail);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!complete) return;
    update.mutate(
      {
        id: user.id,
        request: { ...nameAndEmailRequest(nameAndEmail), api_access_enabled: apiAccess },
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
        <NameAndEmailFields value={nameAndEmail} onChange={setNameAndEmail} />
        <UserFormFooter
          apiAccess={apiAccess}
          onApiAccessChange={setApiAccess}
          errorText={update.isError ? userErrorText(update.error, t('edit.failed')) : null}
          submitLabel={t('edit.submit')}
          complete={complete}
          pending={update.isPending}
          onCancel={onClose}
        />
      </Stack>
    </form>
  );
}
