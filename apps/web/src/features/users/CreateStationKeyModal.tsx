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
import {
  STATION_KEY_RATE_LIMIT,
  STATION_KEY_SCOPES,
  type TStationKeyCreated,
  type TStationKeyScope,
} from '@message-station/shared';
import { IconAlertCircle, IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
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

type TErrors = { name?: string; scopes?: string; rateLimit?: string };

function CreateStationKeyForm({
  onCreated,
  onCancel,
}: {
  onCreated: (created: TStationKeyCreated) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('apiKeys');
  const create = useCreateStationKeyMutation();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<TStationKeyScope[]>([]);
  const [rateLimit, setRateLimit] = useState<number | string>(STATION_KEY_RATE_LIMIT.default);
  const [errors, setErrors] = useState<TErrors>({});
  const bounds = { min: STATION_KEY_RATE_LIMIT.min, max: STATION_KEY_RATE_LIMIT.max };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const limit = typeof rateLimit === 'number' ? rateLimit : Number.NaN;
    const found: TErrors = {
      name: name.trim() ? undefined : t('form.nameRequired'),
      scopes: scopes.length ? undefined : t('form.scopesRequired'),
      rateLimit:
        Number.isInteger(limit) && limit >= bounds.min && limit <= bounds.max
          ? undefined
          : t('form.rateLimitInvalid', bounds),
    };
    setErrors(found);
    if (found.name || found.scopes || found.rateLimit) return;
    create.mutate({ name: name.trim(), scopes, rate_limit_per_minute: limit }, { onSuccess: onCreated });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('form.name')}
          description={t('form.nameDescription')}
          placeholder={t('form.namePlaceholder')}
          withAsterisk
          maxLength={100}
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            setErrors((current) => ({ ...current, name: undefined }));
          }}
          error={errors.name}
          data-autofocus
        />
        <Checkbox.Group
          label={t('form.scopes')}
          description={t('form.scopesDescription')}
          withAsterisk
          value={scopes}
          onChange={(value) => {
            setScopes(STATION_KEY_SCOPES.filter((scope) => value.includes(scope)));
            setErrors((current) => ({ ...current, scopes: undefined }));
          }}
          error={errors.scopes}
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
          value={rateLimit}
          onChange={(value) => {
            setRateLimit(value);
            setErrors((current) => ({ ...current, rateLimit: undefined }));
          }}
          error={errors.rateLimit}
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
