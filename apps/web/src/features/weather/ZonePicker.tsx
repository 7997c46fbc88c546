// State → counties and forecast zones: the state's list comes from NWS through our server; the
// chosen zones of every state stay listed under it, each removable.
import { Alert, Badge, CloseButton, Group, MultiSelect, Select, Stack, Text } from '@mantine/core';
import { type TUsStateCode, US_STATE_CODES } from '@message-station/shared';
import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import type { TWeatherZone } from './api';
import { useStateZonesQuery } from './queries';

type ZonePickerProps = {
  value: TWeatherZone[];
  onChange: (zones: TWeatherZone[]) => void;
  error?: string;
};

const stateOf = (zoneId: string) => zoneId.slice(0, 2);

export function ZonePicker({ value, onChange, error }: ZonePickerProps) {
  const { t } = useTranslation('weather');
  // The state of the first followed zone, to begin with: its counties are what staff change most.
  const [state, setState] = useState<string | null>(value[0] ? stateOf(value[0].id) : null);
  const zones = useStateZonesQuery(state);
  const stateOptions = US_STATE_CODES.map((code: TUsStateCode) => ({
    value: code,
    label: t(`states.${code}`),
  }));
  const inState = value.filter((zone) => stateOf(zone.id) === state);
  const groups = zones.data
    ? [
        {
          group: t('settings.groupCounty'),
          items: zones.data
            .filter((z) => z.type === 'county')
            .map((z) => ({ value: z.id, label: `${z.name} (${z.id})` })),
        },
        {
          group: t('settings.groupForecast'),
          items: zones.data
            .filter((z) => z.type === 'forecast')
            .map((z) => ({ value: z.id, label: `${z.name} (${z.id})` })),
        },
      ].filter((g) => g.items.length > 0)
    : [];

  function choose(ids: string[]) {
    const chosen = ids.map((id) => {
      const zone = zones.data?.find((z) => z.id === id);
      return { id, name: zone?.name ?? inState.find((z) => z.id === id)?.name ?? id };
    });
    onChange([...value.filter((zone) => stateOf(zone.id) !== state), ...chosen]);
  }

  return (
    <Stack gap="sm">
      <Group align="flex-start" gap="md" grow preventGrowOverflow={false} wrap="wrap">
        <Select
          label={t('settings.state')}
          placeholder={t('settings.statePlaceholder')}
          data={stateOptions}
          value={state}
          onChange={setState}
          searchable
          allowDeselect={false}
          maw={{ base: '100%', sm: 240 }}
          miw={200}
        />
        <MultiSelect
          label={t('settings.zones')}
          placeholder={inState.length ? undefined : t('settings.zonesPlaceholder')}
          data={groups}
          value={inState.map((zone) => zone.id)}
          onChange={choose}
          searchable
          clearable
          hidePickedOptions
          disabled={!state || !zones.data}
          description={
            !state ? t('settings.zonesNeedState') : zones.isPending ? t('settings.zonesLoading') : undefined
          }
          error={error}
          miw={240}
          maxDropdownHeight={280}
          comboboxProps={{ withinPortal: true }}
        />
      </Group>
      {zones.isError && (
        <Alert color="red" variant="light" title={t('settings.lookupFailed')}>
          {zones.error.message}
        </Alert>
      )}
      <Text fz="sm" c="dimmed">
        {t('settings.zonesHint')}
      </Text>
      <Stack gap={6}>
        <Text fz="sm" fw={500}>
          {t('settings.followed', { count: value.length })}
        </Text>
        {value.length === 0 ? (
          <Text fz="sm" c="dimmed">
            {t('settings.noneFollowed')}
          </Text>
        ) : (
          <Group gap={6}>
            {value.map((zone) => (
              <Badge
                key={zone.id}
                variant="light"
                size="lg"
                tt="none"
                fw={500}
                pr={4}
                rightSection={
                  <CloseButton
                    size="xs"
                    aria-label={t('settings.removeZone', { name: zone.name })}
                    onClick={() => onChange(value.filter((z) => z.id !== zone.id))}
                  />
                }
              >
                {zone.name} ({zone.id})
              </Badge>
            ))}
          </Group>
        )}
      </Stack>
    </Stack>
  );
}
