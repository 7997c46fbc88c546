// Add or edit a webhook endpoint: its URL, a description, and the events it receives, each with a
// line saying when it is sent. The server checks the URL (https, not a private address).
import { Button, Checkbox, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  type TWebhookEndpoint,
  type TWebhookEndpointCreated,
  type TWebhookEventType,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_LIMITS,
} from '@message-station/shared';
import { useEffect } from 'react';
import { serverErrorText } from '../../api/client';
import { useTranslation } from '../../i18n/react';
import { eventKey } from './event-words';
import { useSaveWebhookMutation } from './queries';

type TValues = { url: string; description: string; events: TWebhookEventType[] };

export function EndpointFormModal({
  opened,
  endpoint,
  onClose,
  onCreated,
}: {
  opened: boolean;
  endpoint: TWebhookEndpoint | null;
  onClose: () => void;
  /** A new endpoint: its secret, shown once. */
  onCreated: (created: TWebhookEndpointCreated) => void;
}) {
  const { t } = useTranslation('webhooks');
  const save = useSaveWebhookMutation();
  const form = useForm<TValues>({
    initialValues: { url: '', description: '', events: [] },
    validate: {
      url: (value) => (value.trim() ? null : t('form.urlRequired')),
      events: (value) => (value.length ? null : t('form.eventsRequired')),
    },
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form is reset when the modal opens
  useEffect(() => {
    if (!opened) return;
    form.setValues({
      url: endpoint?.url ?? '',
      description: endpoint?.description ?? '',
      events: endpoint?.events ?? [],
    });
    form.resetDirty();
    form.clearErrors();
    save.reset();
  }, [opened, endpoint]);

  const submit = form.onSubmit((values) =>
    save.mutate(
      { id: endpoint?.id ?? null, input: { ...values, url: values.url.trim() } },
      {
        onSuccess: (saved) => {
          notifications.show({ color: 'green', message: t('form.saved') });
          onClose();
          if ('secret' in saved) onCreated(saved as TWebhookEndpointCreated);
        },
      },
    ),
  );

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={endpoint ? t('form.titleEdit') : t('form.titleAdd')}
      size="lg"
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('form.url')}
            description={t('form.urlHint')}
            placeholder="https://"
            required
            maxLength={WEBHOOK_LIMITS.url}
            data-autofocus
            {...form.getInputProps('url')}
          />
          <TextInput
            label={t('form.description')}
            placeholder={t('form.descriptionPlaceholder')}
            maxLength={WEBHOOK_LIMITS.description}
            {...form.getInputProps('description')}
          />
          <Checkbox.Group label={t('form.events')} required {...form.getInputProps('events')}>
            <Stack gap="xs" mt="xs">
              {WEBHOOK_EVENT_TYPES.map((type) => (
                <Checkbox
                  key={type}
                  value={type}
                  label={
                    <Text fz="sm" ff="monospace" component="span">
                      {type}
                    </Text>
                  }
                  description={t(`events.${eventKey(type)}` as 'events.send_completed')}
                />
              ))}
            </Stack>
          </Checkbox.Group>
          {save.isError && (
            <Text c="red" fz="sm" role="alert">
              {serverErrorText(save.error, t('form.failed'))}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('form.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {endpoint ? t('form.save') : t('form.add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
