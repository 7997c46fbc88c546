// The station's weather alert settings: on/off, zones (state → counties), event types, severities
// followed and sent automatically (with what that means said plainly), Save and Check now.
import { Alert, Button, Checkbox, Group, MultiSelect, Stack, Switch, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { NWS_SEVERITIES, type TNwsSeverity } from '@message-station/shared';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { codeText } from '../../api/error-words';
import { useTranslation } from '../../i18n/react';
import { useUiLanguage } from '../../i18n/use-ui-language';
import type { TWeatherSettings, TWeatherSettingsRequest, TWeatherZone } from './api';
import { useCheckWeatherMutation, useEventTypesQuery, useSaveWeatherSettingsMutation } from './queries';
import { ZonePicker } from './ZonePicker';

type TForm = {
  enabled: boolean;
  zones: TWeatherZone[];
  event_types: string[];
  severities: TNwsSeverity[];
  auto_send_severities: TNwsSeverity[];
};

function formOf(settings: TWeatherSettings): TForm {
  return {
    enabled: settings.enabled,
    zones: settings.zones,
    event_types: settings.event_types,
    severities: settings.severities,
    auto_send_severities: settings.auto_send_severities,
  };
}

const sameForm = (a: TForm, b: TForm) => JSON.stringify(a) === JSON.stringify(b);

export function WeatherSettingsForm({ settings }: { settings: TWeatherSettings }) {
  const { t } = useTranslation('weather');
  const language = useUiLanguage();
  const [form, setForm] = useState<TForm>(() => formOf(settings));
  const save = useSaveWeatherSettingsMutation();
  const check = useCheckWeatherMutation();
  const eventTypes = useEventTypesQuery();
  const dirty = !sameForm(form, formOf(settings));
  const set = <K extends keyof TForm>(key: K, value: TForm[K]) =>
    setForm((current) => ({ ...current, [key]: value }));
  const refusal = save.error && 'code' in save.error ? (save.error as { code: string | null }) : null;
  const when = (iso: string) =>
    new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

  function submit() {
    const request: TWeatherSettingsRequest = {
      ...form,
      // What is no longer followed cannot be sent automatically.
      auto_send_severities: form.auto_send_severities.filter((s) => form.severities.includes(s)),
    };
    save.mutate(request, {
      onSuccess: (saved) => {
        setForm(formOf(saved));
        notifications.show({ color: 'green', message: t('settings.saved') });
      },
    });
  }

  function checkNow() {
    check.mutate(undefined, {
      onSuccess: (result) =>
        notifications.show({
          color: 'green',
          message: result.drafted
            ? t('settings.checked', { count: result.drafted })
            : t('settings.checkedNone'),
        }),
      onError: (error) => notifications.show({ color: 'red', message: error.message }),
    });
  }

  return (
    <Stack gap="lg">
      <Title order={2} fz="h3">
        {t('settings.title')}
      </Title>
      <Switch
        checked={form.enabled}
        onChange={(event) => set('enabled', event.currentTarget.checked)}
        label={t('settings.enabled')}
        description={t('settings.enabledHint', { seconds: settings.poll_seconds })}
        size="md"
      />
      <ZonePicker
        value={form.zones}
        onChange={(zones) => set('zones', zones)}
        error={refusal?.code === 'weather_no_zones' ? save.error?.message : undefined}
      />
      <MultiSelect
        label={t('settings.eventTypes')}
        description={t('settings.eventTypesHint')}
        placeholder={form.event_types.length ? undefined : t('settings.eventTypesAll')}
        data={[...new Set([...(eventTypes.data ?? []), ...form.event_types])]}
        value={form.event_types}
        onChange={(value) => set('event_types', value)}
        searchable
        clearable
        hidePickedOptions
        error={eventTypes.isError ? t('settings.lookupFailed') : undefined}
        maxDropdownHeight={280}
      />
      <Checkbox.Group
        label={t('settings.severities')}
        value={form.severities}
        onChange={(value) => set('severities', value as TNwsSeverity[])}
        error={refusal?.code === 'weather_no_severities' ? save.error?.message : undefined}
      >
        <Group gap="lg" mt={6}>
          {NWS_SEVERITIES.map((severity) => (
            <Checkbox key={severity} value={severity} label={t(`severity.${severity}`)} />
          ))}
        </Group>
      </Checkbox.Group>
      <Stack gap="xs">
        <Checkbox.Group
          label={t('settings.autoSend')}
          description={t('settings.autoSendHint')}
          value={form.auto_send_severities.filter((s) => form.severities.includes(s))}
          onChange={(value) => set('auto_send_severities', value as TNwsSeverity[])}
        >
          <Group gap="lg" mt={6}>
            {NWS_SEVERITIES.map((severity) => (
              <Checkbox
                key={severity}
                value={severity}
                label={t(`severity.${severity}`)}
                disabled={!form.severities.includes(severity)}
              />
            ))}
          </Group>
        </Checkbox.Group>
        {form.auto_send_severities.some((s) => form.severities.includes(s)) && (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={20} />}>
            {t('settings.autoSendWarning')}
          </Alert>
        )}
      </Stack>
      {save.isError && !['weather_no_zones', 'weather_no_severities'].includes(refusal?.code ?? '') && (
        <Alert color="red" variant="light">
          {save.error.message}
        </Alert>
      )}
      <Group justify="space-between" gap="sm">
        <Stack gap={2}>
          <Text fz="sm" c="dimmed">
            {settings.last_poll_at
              ? t('settings.lastChecked', { time: when(settings.last_poll_at) })
              : t('settings.neverChecked')}
          </Text>
          {settings.configured_by && (
            <Text fz="sm" c="dimmed">
              {t('settings.owner', { name: settings.configured_by.name })}
            </Text>
          )}
        </Stack>
        <Group gap="sm">
          <Button
            variant="default"
            leftSection={<IconRefresh size={18} />}
            onClick={checkNow}
            loading={check.isPending}
            disabled={dirty || !settings.enabled || settings.zones.length === 0}
            title={dirty ? t('settings.checkNowHint') : undefined}
          >
            {t('settings.checkNow')}
          </Button>
          <Button onClick={submit} loading={save.isPending} disabled={!dirty}>
            {t('settings.save')}
          </Button>
        </Group>
      </Group>
      {settings.last_error && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={20} />} role="alert">
          {t('settings.lastError', {
            reason: codeText(settings.last_error.code, {}) ?? settings.last_error.code,
          })}{' '}
          ({when(settings.last_error.at)})
        </Alert>
      )}
    </Stack>
  );
}
