// Add New User: Full Name, Email, Phone Number, Role (with the admin warning) and desktop API
// access. The person is invited by email and chooses their
// own password (decision 0025, in place of the spec's Initial Password).
import { Alert, NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { INVITATION_ERROR_CODES, type TStationUser } from '@message-station/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { ApiError } from '../../api/client';
import { GuardedModal } from '../../components/GuardedModal';
import { HelpText } from '../../components/LearnMore';
import {
  afterUsPhoneCheck,
  UsPhoneInput,
  usPhoneE164OnceLoaded,
  usPhoneProblemOnceLoaded,
} from '../../components/UsPhoneInput';
import { useFormGuard } from '../../components/use-guarded-modal';
import { useTranslation } from '../../i18n/react';
import { useCreateUserMutation } from './queries';
import {
  NameAndEmailFields,
  nameAndEmailComplete,
  nameAndEmailErrors,
  nameAndEmailRequest,
  type TNameAndEmail,
  UserFormFooter,
} from './UserFormFields';
import { userErrorText } from './user-error';

type AddUserModalProps = { opened: boolean; onClose: () => void };

export function AddUserModal({ opened, onClose }: AddUserModalProps) {
  const { t } = useTranslation('users');
  return (
    <GuardedModal opened={opened} onClose={onClose} title={t('add.title')} size="lg">
      {opened && <AddUserForm onClose={onClose} />}
    </GuardedModal>
  );
}

function AddUserForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('users');
  const create = useCreateUserMutation();
  const form = useForm({
    initialValues: {
      fullName: '',
      email: '',
      phone: '',
      role: 'user' as TStationUser['role'],
      apiAccess: true,
    },
    // The shared schema the server checks name and email with (decision 0068); the phone is
    // checked once its lazily loaded checks are there (UsPhoneInput, decision 0062).
    validate: (values) => nameAndEmailErrors(values),
  });
  const { phone, role, apiAccess, ...nameAndEmail } = form.getValues();
  // Closing with something typed asks first (decision 0076).
  const { close } = useFormGuard({ dirty: form.isDirty() });

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
    const values = form.getValues();
    const { hasErrors } = form.validate();
    const phoneProblem = usPhoneProblemOnceLoaded(values.phone);
    if (phoneProblem) {
      form.setFieldError('phone', phoneProblem === 'not_us' ? t('form.phoneNotUs') : t('form.phoneInvalid'));
    }
    if (hasErrors || phoneProblem) return;
    create.mutate(
      {
        ...nameAndEmailRequest(values),
        phone_number: usPhoneE164OnceLoaded(values.phone),
        role: values.role,
        api_access_enabled: values.apiAccess,
      },
      {
        onSuccess: (invitation) => {
          notifications.show({ color: 'green', message: t('add.invited', { email: invitation.email }) });
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
        <Text fz="sm" c="dimmed">
          <HelpText short={t('add.intro')} more={t('add.introMore')} />
        </Text>
        <SimpleGrid cols={2}>
          <NameAndEmailFields
            value={nameAndEmail}
            onChange={changeNameAndEmail}
            withPlaceholders
            errors={{ fullName: form.errors.fullName, email: form.errors.email }}
          />
          <UsPhoneInput
            label={t('form.phone')}
            placeholder={t('form.phonePlaceholder')}
            withAsterisk
            autoComplete="off"
            value={phone}
            onChange={(value) => form.setFieldValue('phone', value)}
            error={form.errors.phone}
          />
        </SimpleGrid>
        <NativeSelect
          label={t('form.role')}
          data={[
            { value: 'user', label: t('role.user') },
            { value: 'admin', label: t('role.admin') },
          ]}
          value={role}
          onChange={(event) =>
            form.setFieldValue('role', event.currentTarget.value === 'admin' ? 'admin' : 'user')
          }
          w={200}
        />
        {role === 'admin' && (
          <Alert
            color="orange"
            variant="light"
            icon={<IconAlertTriangle size={18} aria-hidden="true" />}
            role="note"
          >
            <HelpText short={t('form.adminWarning')} more={t('form.adminWarningMore')} />
          </Alert>
        )}
        <UserFormFooter
          apiAccess={apiAccess}
          onApiAccessChange={(enabled) => form.setFieldValue('apiAccess', enabled)}
          errorText={create.isError ? addErrorText(create.error) : null}
          submitLabel={t('add.submit')}
          complete={complete}
          pending={create.isPending}
          onCancel={close}
        />
      </Stack>
    </form>
  );
}
