// Edit User (non-admin accounts only): Full Name and Email, both required, and desktop API access.
import { Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { TStationUser } from '@message-station/shared';
import { GuardedModal } from '../../components/GuardedModal';
import { useFormGuard } from '../../components/use-guarded-modal';
import { useTranslation } from '../../i18n/react';
import { displayName } from '../../lib/user-name';
import { useUpdateUserMutation } from './queries';
import {
  NameAndEmailFields,
  nameAndEmailComplete,
  nameAndEmailErrors,
  nameAndEmailRequest,
  type TNameAndEmail,
  UserFormFooter,
} from './UserFormFields';
import { userErrorText } from './user-error';

type EditUserModalProps = { user: TStationUser | null; onClose: () => void };

export function EditUserModal({ user, onClose }: EditUserModalProps) {
  const { t } = useTranslation('users');
  return (
    <GuardedModal opened={user !== null} onClose={onClose} title={t('edit.title')}>
      {user && <EditUserForm key={user.id} user={user} onClose={onClose} />}
    </GuardedModal>
  );
}

function EditUserForm({ user, onClose }: { user: TStationUser; onClose: () => void }) {
  const { t } = useTranslation('users');
  const update = useUpdateUserMutation();
  const form = useForm({
    initialValues: { fullName: user.full_name, email: user.email, apiAccess: user.api_access_enabled },
    // The shared schema the server checks the same fields with (decision 0068).
    validate: (values) => nameAndEmailErrors(values),
  });
  const { apiAccess, ...nameAndEmail } = form.getValues();
  // Closing with a change asks first (decision 0076).
  const { close } = useFormGuard({ dirty: form.isDirty() });
  const complete = nameAndEmailComplete(nameAndEmail);

  const submit = form.onSubmit((values) => {
    if (!complete) return;
    update.mutate(
      {
        id: user.id,
        request: { ...nameAndEmailRequest(values), api_access_enabled: values.apiAccess },
      },
      {
        onSuccess: (saved) => {
          notifications.show({ color: 'green', message: t('edit.saved', { name: displayName(saved) }) });
          onClose();
        },
      },
    );
  });

  const changeNameAndEmail = (next: TNameAndEmail) => {
    if (next.fullName !== nameAndEmail.fullName) form.setFieldValue('fullName', next.fullName);
    if (next.email !== nameAndEmail.email) form.setFieldValue('email', next.email);
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <NameAndEmailFields
          value={nameAndEmail}
          onChange={changeNameAndEmail}
          errors={{ fullName: form.errors.fullName, email: form.errors.email }}
        />
        <UserFormFooter
          apiAccess={apiAccess}
          onApiAccessChange={(enabled) => form.setFieldValue('apiAccess', enabled)}
          errorText={update.isError ? userErrorText(update.error, t('edit.failed')) : null}
          submitLabel={t('edit.submit')}
          complete={complete}
          pending={update.isPending}
          onCancel={close}
        />
      </Stack>
    </form>
  );
}
