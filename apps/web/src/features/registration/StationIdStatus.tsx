// What step 2 says about the Station ID's availability: checking, free, or taken with a free ID
// close to it and the station name that gives it.
import { Button, Group, Loader, Text } from '@mantine/core';
import { stationNameFor, type TStationIdAvailability } from '@message-station/shared';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/react';
import type { TDraftErrors } from './registration-draft';

type TAvailabilityProps = { availability: TStationIdAvailability | null; checking: boolean };

/** The refusal the start call would answer, on the name, unless the name already has a problem. */
export function takenStationIdErrors(
  errors: TDraftErrors,
  availability: TStationIdAvailability | null,
): TDraftErrors {
  if (!availability || availability.available || errors.stationName) return errors;
  return {
    ...errors,
    stationName: { code: 'station_id_taken', params: { station_id: availability.station_id } },
  };
}

/** The icon at the end of the Station ID field. */
export function StationIdStatusIcon({ availability, checking }: TAvailabilityProps) {
  if (checking) return <Loader size={16} aria-hidden="true" />;
  if (!availability) return null;
  return availability.available ? (
    <IconCircleCheck size={18} color="var(--mantine-color-green-8)" aria-hidden="true" />
  ) : (
    <IconAlertCircle size={18} color="var(--mantine-color-red-8)" aria-hidden="true" />
  );
}

/** The line under the Station ID field, read out as it changes. */
export function StationIdStatusText({ availability, checking }: TAvailabilityProps) {
  const { t } = useTranslation('registration');
  const text = checking
    ? t('station.idChecking')
    : availability?.available
      ? t('station.idAvailable')
      : availability
        ? t('station.idTaken')
        : '';
  const color = checking ? 'dimmed' : availability?.available ? 'green.9' : 'red.8';
  return (
    <Text component="span" display="block" fz="xs" c={color} role="status">
      {text}
    </Text>
  );
}

type TSuggestionProps = {
  stationName: string;
  suggestion: string | null;
  onUse: (stationName: string) => void;
};

/** How to get a free ID: add the city or a number; one click to a name that gives the suggestion. */
export function StationIdSuggestion({ stationName, suggestion, onUse }: TSuggestionProps) {
  const { t } = useTranslation('registration');
  const suggestedName = suggestion ? stationNameFor(stationName, suggestion) : null;
  return (
    <Group gap="xs" align="center" wrap="wrap">
      <Text fz="sm">
        {suggestion ? t('station.idSuggestion', { suggestion }) : t('station.idSuggestionNone')}
      </Text>
      {suggestedName && (
        <Button variant="light" size="compact-sm" onClick={() => onUse(suggestedName)}>
          {t('station.useName', { name: suggestedName })}
        </Button>
      )}
    </Group>
  );
}
