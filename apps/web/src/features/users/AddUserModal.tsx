// Add New User: Full Name, Email, Phone Number, Role (with the admin warning) and desktop API
// access (spec §2 Users, §5 Add user, §6 Roles). The person is invited by email and chooses their
// own password (decision 0025, in place of the spec's Initial Password).
import { Alert, Modal, NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { INVITATION_ERROR_CODES, type TStationUser } from '@message-station/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client';
import {
  afterUsPhoneCheck,
  UsPhoneInput,
  usPhoneE164OnceLoaded,
  usPhoneProblemOnceLoaded,
} from '../../components/UsPhoneInput';
import { useCreateUserMutation } from './queries';
import {
  NameAndEmailFields,
  nameAndEmailComplete,
  nameAndEmailRequest,
  UserFormFooter,
} from './UserFormFields';
import { userErrorText } from './user-error';

type AddUserModalProps = { opened: boolean; onClose: () => void };

export function AddUserModal({ opened, onClose }: AddUserModalProps) {
  const { t } = useTranslation('users');
  return (
    <Modal opened={opened} onClose={onClose} title={t('add.title')} size="lg">
      {opened && <AddUserForm onClose={onClose} />}
    </Modal>
  );
}

type TErrors = { phone?: string };

function AddUserForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('users');
  const create = useCreateUserMutation();
  const [nameAndEmail, setNameAndEmail] = useState({ fullName: '', email: '' });
  const [phone, setPhone] = useState('');
  const [role, setRole] = useState<TStationUser['role']>('user');
  const [apiAccess, setApiAccess] = useState(true);
  const [errors, setErrors] = useState<TErrors>({});

  // The two refusals Add User has are worded here (en, es); anything else as the server says it.
  const addErrorText = (error: unknown) => {
    const code = error instanceof ApiError ? (error.body as { code?: unknown } | undefined)?.code : null;
    if (code === INVITATION_ERROR_CODES.emailTaken) return t('add.errors.emailTaken');
    if (code === INVITATION_ERROR_CODES.pending) return t('add.errors.pending');
    return userErrorText(error, t('add.failed'), t('add.network'));
  };

  const complete = Boolean(nameAndEmailComplete(nameAndEmail) && phone);

  const submit = afterUsPhoneCheck(() => {
    if (!complete) return;
    const phoneProblem = usPhoneProblemOnceLoaded(phone);
    const found: TErrors = {
      phone:
        phoneProblem === 'not_us' ? t('form.phoneNotUs') : phoneProblem ? t('form.phoneInvalid') : undefined,
    };
    setErrors(found);
    if (found.phone) return;
    create.mutate(
      {
        ...nameAndEmailRequest(nameAndEmail),
        phone_number: usPhoneE164OnceLoaded(phone),
        role,
        api_access_enabled: apiAccess,
      },
      {
        onSuccess: (invitation) => {
          notifications.show({ color: 'green', message: t('add.invited', { email: invitation.email }) });
          onClose();
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Text fz="sm" c="dimmed">
          {t('add.intro')}
        </Text>
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
          errorText={create.isError ? addErrorText(create.error) : null}
          submitLabel={t('add.submit')}
          complete={complete}
          pending={create.isPending}
          onCancel={onClose}
        />
      </Stack>
    </form>
  );
}
