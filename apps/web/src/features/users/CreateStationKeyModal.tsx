// Create API key: a name, the scopes with what each allows, and a rate limit; then the
// one time the whole key is on screen, with a copy button and the warning that it is not shown again.
import {
  Alert,
  Button,
  Checkbox,
  CopyButton,
  Group,
  Modal,
  NumberInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  STATION_KEY_RATE_LIMIT,
  STATION_KEY_SCOPES,
  TEXT_LIMITS,
  type TStationKeyCreated,
  type TStationKeyScope,
  ZCreateStationKeyRequest,
} from '@message-station/shared';
import { IconAlertCircle, IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { schemaResolver } from '../../lib/schema-resolver';
import { SCOPE_WORDS, useCreateStationKeyMutation } from './station-keys-queries';
import { userErrorText } from './user-error';

const MONOSPACE = { input: { fontFamily: 'var(--mantine-font-family-monospace)' } };

type CreateStationKeyModalProps = { opened: boolean; onClose: () => void };

export function CreateStationKeyModal({ opened, onClose }: CreateStationKeyModalProps) {
  const { t } = useTranslation('apiKeys');
  const [created, setCreated] = useState<TStationKeyCreated | null>(null);
  const close = () => {
    setCreated(null);
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={created ? t('created.title') : t('form.title')}
      size="lg"
      // The key must not be lost to a stray click outside: only the button closes the key view.
      closeOnClickOutside={!created}
    >
      {opened &&
        (created ? (
          <NewStationKey created={created} onDone={close} />
        ) : (
          <CreateStationKeyForm onCreated={setCreated} onCancel={close} />
        ))}
    </Modal>
  );
}

/** As typed: NumberInput hands back '' when emptied. */
type TValues = { name: string; scopes: TStationKeyScope[]; rateLimit: number | string };

const checkRequest = schemaResolver(ZCreateStationKeyRequest);

function request(values: TValues) {
  return {
    name: values.name,
    scopes: values.scopes,
    // An emptied field is no number: refused as the server refuses one (not left to its default).
    rate_limit_per_minute: typeof values.rateLimit === 'number' ? values.rateLimit : Number.NaN,
  };
}

/** The schema the server checks the body with (decision 0068), its refusals under the inputs. */
function requestErrors(values: TValues) {
  const errors = checkRequest(request(values));
  return {
    ...(errors.name ? { name: errors.name } : {}),
    ...(errors.scopes ? { scopes: errors.scopes } : {}),
    ...(errors.rate_limit_per_minute ? { rateLimit: errors.rate_limit_per_minute } : {}),
  };
}

function CreateStationKeyForm({
  onCreated,
  onCancel,
}: {
  onCreated: (created: TStationKeyCreated) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('apiKeys');
  const create = useCreateStationKeyMutation();
  const form = useForm<TValues>({
    initialValues: { name: '', scopes: [], rateLimit: STATION_KEY_RATE_LIMIT.default },
    validate: requestErrors,
  });
  const bounds = { min: STATION_KEY_RATE_LIMIT.min, max: STATION_KEY_RATE_LIMIT.max };

  const submit = form.onSubmit((values) => {
    const { name, scopes, rate_limit_per_minute } = request(values);
    create.mutate({ name: name.trim(), scopes, rate_limit_per_minute }, { onSuccess: onCreated });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('form.name')}
          description={t('form.nameDescription')}
          placeholder={t('form.namePlaceholder')}
          withAsterisk
          maxLength={TEXT_LIMITS.name}
          {...form.getInputProps('name')}
          data-autofocus
        />
        <Checkbox.Group
          label={t('form.scopes')}
          description={t('form.scopesDescription')}
          withAsterisk
          {...form.getInputProps('scopes')}
          onChange={(value) =>
            form.setFieldValue(
              'scopes',
              STATION_KEY_SCOPES.filter((scope) => value.includes(scope)),
            )
          }
        >
          <Stack gap="xs" mt="xs">
            {STATION_KEY_SCOPES.map((scope) => (
              <Checkbox
                key={scope}
                value={scope}
                label={
                  <Text component="span" fz="sm" ff="monospace" fw={600}>
                    {scope}
                  </Text>
                }
                description={t(SCOPE_WORDS[scope])}
              />
            ))}
          </Stack>
        </Checkbox.Group>
        <NumberInput
          label={t('form.rateLimit')}
          description={t('form.rateLimitDescription', bounds)}
          min={bounds.min}
          max={bounds.max}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          w={{ base: '100%', xs: 260 }}
          {...form.getInputProps('rateLimit')}
        />
        {create.isError && (
          <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden="true" />} role="alert">
            {userErrorText(create.error, t('form.failed'))}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {t('form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function NewStationKey({ created, onDone }: { created: TStationKeyCreated; onDone: () => void }) {
  const { t } = useTranslation('apiKeys');
  return (
    <Stack gap="md">
      <Text fz="sm">{t('created.intro', { name: created.station_key.name })}</Text>
      <TextInput
        label={t('created.key')}
        value={created.key}
        readOnly
        styles={MONOSPACE}
        onFocus={(event) => event.currentTarget.select()}
      />
      <Group gap="xs">
        <CopyButton value={created.key} timeout={2000}>
          {({ copied, copy }) => (
            <Button
              variant={copied ? 'light' : 'filled'}
              color={copied ? 'teal' : undefined}
              leftSection={
                copied ? (
                  <IconCheck size={16} aria-hidden="true" />
                ) : (
                  <IconCopy size={16} aria-hidden="true" />
                )
              }
              onClick={copy}
            >
              {copied ? t('created.copied') : t('created.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Alert
        color="orange"
        variant="light"
        icon={<IconAlertTriangle size={18} aria-hidden="true" />}
        role="note"
      >
        {t('created.warning')}
      </Alert>
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          {t('created.done')}
        </Button>
      </Group>
    </Stack>
  );
}
