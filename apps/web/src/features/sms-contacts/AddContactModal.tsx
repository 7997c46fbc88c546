// Add Contact: name, phone, types with language, and the staff's consent attestation. The contact
// starts Pending: the server texts them and they are only active once they reply YES.
import { Alert, Button, Checkbox, Group, Input, Stack, TextInput } from '@mantine/core';
import { type FormErrors, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { formatUsPhone, TEXT_LIMITS, ZAddContactDetails } from '@message-station/shared';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import { serverErrorText } from '../../api/client';
import { codeText } from '../../api/error-words';
import type { TStationLanguage, TStationMessageType } from '../../api/sms-contacts';
import { useSessionUser } from '../../app/session-user';
import { GuardedModal } from '../../components/GuardedModal';
import {
  afterUsPhoneCheck,
  UsPhoneInput,
  usPhoneE164OnceLoaded,
  usPhoneProblemOnceLoaded,
} from '../../components/UsPhoneInput';
import { useFormGuard } from '../../components/use-guarded-modal';
import { useTranslation } from '../../i18n/react';
import { refusalsUnder, schemaResolver } from '../../lib/schema-resolver';
import { PreferencesEditor } from './PreferencesEditor';
import {
  defaultLanguage,
  draftFrom,
  hasSubscription,
  preferencesFrom,
  type TPreferencesDraft,
} from './preferences';
import { useAddContactMutation } from './queries';

type AddContactModalProps = {
  opened: boolean;
  types: TStationMessageType[];
  languages: TStationLanguage[];
  onClose: () => void;
};

export function AddContactModal({ opened, onClose, ...rest }: AddContactModalProps) {
  const { t } = useTranslation('smsContacts');
  return (
    <GuardedModal opened={opened} onClose={onClose} title={t('add.title')} size="lg">
      {opened && <AddContactForm onClose={onClose} {...rest} />}
    </GuardedModal>
  );
}

type TContactValues = { name: string; phone: string; draft: TPreferencesDraft; attested: boolean };

/** The server's schema for a new contact, without the phone (decision 0068). */
const checkDetails = schemaResolver(ZAddContactDetails);

/** The form's fields for the request's: the types are edited as a draft, the consent as a box. */
function fieldOf(path: string): keyof TContactValues {
  if (path.startsWith('message_preferences')) return 'draft';
  if (path === 'consent_attested') return 'attested';
  return 'name';
}

function AddContactForm({ types, languages, onClose }: Omit<AddContactModalProps, 'opened'>) {
  const { t } = useTranslation(['smsContacts', 'errors']);
  const { stationName } = useSessionUser();
  const add = useAddContactMutation();
  const fallbackLanguage = defaultLanguage(languages);
  const form = useForm<TContactValues>({
    initialValues: { name: '', phone: '', draft: draftFrom(types, languages), attested: false },
    validate: (values) => {
      const refused = checkDetails({
        name: values.name,
        message_preferences: preferencesFrom(values.draft, fallbackLanguage),
        // Unticked is what the schema refuses (contact_consent_required); its type says only true.
        consent_attested: values.attested as true,
      });
      const errors: FormErrors = refusalsUnder(refused, fieldOf);
      // The server refuses a contact without a type as it saves one (alert_type_required).
      if (!errors.draft && !hasSubscription(values.draft)) {
        errors.draft = codeText('alert_type_required', {}) ?? t('validation.typesRequired');
      }
      return errors;
    },
  });
  const { name, phone, draft, attested } = form.getValues();
  // Closing with something typed asks first (decision 0076).
  const { close } = useFormGuard({ dirty: form.isDirty() });

  // The phone is checked once its lazily loaded checks are there (UsPhoneInput, decision 0062).
  const submit = afterUsPhoneCheck(() => {
    const { hasErrors } = form.validate();
    const phoneProblem = usPhoneProblemOnceLoaded(phone);
    if (phoneProblem) {
      form.setFieldError(
        'phone',
        phoneProblem === 'required'
          ? t('validation.phoneRequired')
          : phoneProblem === 'not_us'
            ? t('validation.phoneNotUs')
            : t('validation.phoneInvalid'),
      );
    }
    if (hasErrors || phoneProblem) return;
    const e164 = usPhoneE164OnceLoaded(phone);
    add.mutate(
      {
        name: name.trim(),
        phone: e164,
        message_preferences: preferencesFrom(draft, fallbackLanguage),
        consent_attested: true,
      },
      {
        onSuccess: () => {
          notifications.show({ color: 'green', message: t('add.added', { phone: formatUsPhone(e164) }) });
          onClose();
        },
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <Group grow align="flex-start" wrap="wrap">
          <TextInput
            label={t('add.name')}
            placeholder={t('add.namePlaceholder')}
            autoComplete="off"
            maxLength={TEXT_LIMITS.name}
            {...form.getInputProps('name')}
            miw={200}
          />
          <UsPhoneInput
            label={t('add.phone')}
            placeholder={t('add.phonePlaceholder')}
            autoComplete="off"
            withAsterisk
            value={phone}
            onChange={(value) => form.setFieldValue('phone', value)}
            error={form.errors.phone}
            miw={200}
          />
        </Group>
        <Input.Wrapper label={t('add.types')} labelElement="div" withAsterisk error={form.errors.draft}>
          <Stack mt={4}>
            <PreferencesEditor
              types={types}
              languages={languages}
              value={draft}
              onChange={(next) => form.setFieldValue('draft', next)}
            />
          </Stack>
        </Input.Wrapper>
        <Alert
          color="blue"
          variant="light"
          icon={<IconInfoCircle size={18} aria-hidden="true" />}
          role="note"
        >
          {t('add.pendingNote')}
        </Alert>
        <Checkbox
          label={t('add.attestation', { station: stationName })}
          checked={attested}
          onChange={(event) => form.setFieldValue('attested', event.currentTarget.checked)}
          error={form.errors.attested}
        />
        {add.isError && (
          <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden="true" />}>
            {serverErrorText(add.error, t('add.failed'))}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            {t('add.cancel')}
          </Button>
          <Button type="submit" loading={add.isPending}>
            {t('add.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
