// Add Contact: name, phone, types with language, and the staff's consent attestation. The contact
// starts Pending: the server texts them and they are only active once they reply YES.
import { Alert, Button, Checkbox, Group, Input, Modal, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatUsPhone, TEXT_LIMITS } from '@message-station/shared';
import { IconAlertCircle, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverErrorText } from '../../api/client';
import type { TStationLanguage, TStationMessageType } from '../../api/sms-contacts';
import { useSessionUser } from '../../app/session-user';
import {
  afterUsPhoneCheck,
  UsPhoneInput,
  usPhoneE164OnceLoaded,
  usPhoneProblemOnceLoaded,
} from '../../components/UsPhoneInput';
import { PreferencesEditor } from './PreferencesEditor';
import { defaultLanguage, draftFrom, hasSubscription, preferencesFrom } from './preferences';
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
    <Modal opened={opened} onClose={onClose} title={t('add.title')} size="lg">
      {opened && <AddContactForm onClose={onClose} {...rest} />}
    </Modal>
  );
}

type TErrors = { phone?: string; types?: string; attestation?: string };

function AddContactForm({ types, languages, onClose }: Omit<AddContactModalProps, 'opened'>) {
  const { t } = useTranslation('smsContacts');
  const { stationName } = useSessionUser();
  const add = useAddContactMutation();
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');
  const [draft, setDraft] = useState(() => draftFrom(types, languages));
  const [attested, setAttested] = useState(false);
  const [errors, setErrors] = useState<TErrors>({});

  const submit = afterUsPhoneCheck(() => {
    const phoneProblem = usPhoneProblemOnceLoaded(phone);
    const found: TErrors = {
      phone:
        phoneProblem === 'required'
          ? t('validation.phoneRequired')
          : phoneProblem === 'not_us'
            ? t('validation.phoneNotUs')
            : phoneProblem
              ? t('validation.phoneInvalid')
              : undefined,
      types: hasSubscription(draft) ? undefined : t('validation.typesRequired'),
      attestation: attested ? undefined : t('validation.attestationRequired'),
    };
    setErrors(found);
    if (found.phone || found.types || found.attestation) return;
    const e164 = usPhoneE164OnceLoaded(phone);
    add.mutate(
      {
        name: name.trim(),
        phone: e164,
        message_preferences: preferencesFrom(draft, defaultLanguage(languages)),
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
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            miw={200}
          />
          <UsPhoneInput
            label={t('add.phone')}
            placeholder={t('add.phonePlaceholder')}
            autoComplete="off"
            withAsterisk
            value={phone}
            onChange={(value) => {
              setPhone(value);
              setErrors((current) => ({ ...current, phone: undefined }));
            }}
            error={errors.phone}
            miw={200}
          />
        </Group>
        <Input.Wrapper label={t('add.types')} labelElement="div" withAsterisk error={errors.types}>
          <Stack mt={4}>
            <PreferencesEditor
              types={types}
              languages={languages}
              value={draft}
              onChange={(next) => {
                setDraft(next);
                setErrors((current) => ({ ...current, types: undefined }));
              }}
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
          onChange={(event) => {
            setAttested(event.currentTarget.checked);
            setErrors((current) => ({ ...current, attestation: undefined }));
          }}
          error={errors.attestation}
        />
        {add.isError && (
          <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden="true" />}>
            {serverErrorText(add.error, t('add.failed'))}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
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
