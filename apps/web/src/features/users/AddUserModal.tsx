// Add New User: Full Name, Email, Phone Number, Initial Password, Role (with the admin warning)
// and desktop API access (spec §2 Users, §5 Add user, §6 Roles).
import { Alert, Modal, NativeSelect, PasswordInput, SimpleGrid, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { LIMITS, phoneInputToE164, TEXT_LIMITS, type TStationUser } from '@message-station/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { UsPhoneInput, usPhoneProblem } from '../../components/UsPhoneInput';
import { useCreateUserMutation } from './queries';
import {
  NameAndEmailFields,
  nameAndEmailComplete,
  nameAndEmailRequest,
  UserFormFooter,
} from './UserFormFields';
import { userErrorText } from './user-error';
import { displayName } from './user-name';

type AddUserModalProps = { opened: boolean; onClose: () => void };

export function AddUserModal({ opened, onClose }: AddUserModalProps) {
  const { t } = useTranslation('users');
  return (
    <Modal opened={opened} onClose={onClose} title={t('add.title')} size="lg">
      {opened && <AddUserForm onClose={onClose} />}
    </Modal>
  );
}

type TErrors = { phone?: string; password?: string };

function AddUserForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('users');
  const create = useCreateUserMutation();
  const [nameAndEmail, setNameAndEmail] = useState({ fullName: '', email: '' });
  const [phone, setPhone] = useState('');
  const [password, setPassword] = useState('');
  const [role, setRole] = useState<TStationUser['role']>('user');
  const [apiAccess, setApiAccess] = useState(true);
  const [errors, setErrors] = useState<TErrors>({});

  const complete = Boolean(nameAndEmailComplete(nameAndEmail) && phone && password);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!complete) return;
    const found: TErrors = {
      phone: usPhoneProblem(phone) ? t('form.phoneInvalid') : undefined,
      password: password.length < LIMITS.passwordMinLength ? t('form.passwordTooShort') : undefined,
    };
    setErrors(found);
    if (found.phone || found.password) return;
    create.mutate(
      {
        ...nameAndEmailRequest(nameAndEmail),
        phone_number: phoneInputToE164(phone),
        password,
        role,
        api_access_enabled: apiAccess,
      },
      {
        onSuccess: (user) => {
          notifications.show({ color: 'green', message: t('add.added', { name: displayName(user) }) });
          onClose();
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={2}>
          <NameAndEmailFields value={nameAndEmail} onChange={setNameAndEmail} withPlaceholders />
          <UsPhoneInput
            label={t('form.phone')}
            placeholder={t('form.phonePlaceholder')}
            withAsterisk
            autoComplete="off"
            value={phone}
            onChange={(value) => {
              setPhone(value);
              setErrors((current) => ({ ...current, phone: undefined }));
            }}
            error={errors.phone}
          />
          <PasswordInput
            label={t('form.password')}
            description={t('form.passwordDescription')}
            withAsterisk
            // Keeps the browser from offering the admin's own saved password.
            autoComplete="new-password"
            maxLength={TEXT_LIMITS.password}
            value={password}
            onChange={(event) => {
              setPassword(event.currentTarget.value);
              setErrors((current) => ({ ...current, password: undefined }));
            }}
            error={errors.password}
          />
        </SimpleGrid>
        <NativeSelect
          label={t('form.role')}
          data={[
            { value: 'user', label: t('role.user') },
            { value: 'admin', label: t('role.admin') },
          ]}
          value={role}
          onChange={(event) => setRole(event.currentTarget.value === 'admin' ? 'admin' : 'user')}
          w={200}
        />
        {role === 'admin' && (
          <Alert
            color="orange"
            variant="light"
            icon={<IconAlertTriangle size={18} aria-hidden="true" />}
            role="note"
          >
            {t('form.adminWarning')}
          </Alert>
        )}
        <UserFormFooter
          apiAccess={apiAccess}
          onApiAccessChange={setApiAccess}
          errorText={create.isError ? userErrorText(create.error, t('add.failed'), t('add.network')) : null}
          submitLabel={t('add.submit')}
          complete={complete}
          pending={create.isPending}
          onCancel={onClose}
        />
      </Stack>
    </form>
  );
}
