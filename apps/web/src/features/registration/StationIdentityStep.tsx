// Step 2: station name, its permanent ID (checked as it is typed), and the display name.
import { Alert, Stack, Text, TextInput } from '@mantine/core';
import { deriveStationId, TEXT_LIMITS } from '@message-station/shared';
import { IconAlertTriangle, IconLock } from '@tabler/icons-react';
import { CharacterCount } from '../../components/TextLimit';
import { useTranslation } from '../../i18n/react';
import { useStationIdAvailability } from './queries';
import {
  StationIdStatusIcon,
  StationIdStatusText,
  StationIdSuggestion,
  takenStationIdErrors,
} from './StationIdStatus';
import { StepHeading } from './StepHeading';
import { type TStepProps, useFieldError } from './step-props';

export function StationIdentityStep({ draft, errors, onChange }: TStepProps) {
  const { t } = useTranslation('registration');
  const stationId = deriveStationId(draft.stationName);
  const { availability, checking } = useStationIdAvailability(stationId);
  // A taken ID is said on the name, the field to change, as soon as the check answers.
  const errorOf = useFieldError(takenStationIdErrors(errors, availability));

  return (
    <Stack gap="md">
      <StepHeading title={t('station.title')} intro={t('station.intro')} />
      <Stack gap="xs">
        <TextInput
          label={t('station.stationName')}
          placeholder={t('station.stationNamePlaceholder')}
          description={t('station.stationNameHint')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          withAsterisk
          maxLength={TEXT_LIMITS.name}
          value={draft.stationName}
          onChange={(event) => onChange({ stationName: event.currentTarget.value })}
          error={errorOf('stationName')}
        />
        {availability && !availability.available && (
          <StationIdSuggestion
            stationName={draft.stationName}
            suggestion={availability.suggestion}
            // The display name stays what it was: only the ID needs to differ.
            onUse={(stationName) => onChange({ stationName, displayName: draft.displayName })}
          />
        )}
      </Stack>
      <TextInput
        label={t('station.stationId')}
        value={stationId}
        placeholder={t('station.stationIdEmpty')}
        readOnly
        variant="filled"
        leftSection={<IconLock size={16} aria-hidden="true" />}
        rightSection={<StationIdStatusIcon availability={availability} checking={checking} />}
        description={<StationIdStatusText availability={availability} checking={checking} />}
        inputWrapperOrder={['label', 'input', 'description']}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
      />
      <Alert
        color="yellow"
        variant="light"
        p="sm"
        role="note"
        icon={<IconAlertTriangle size={18} aria-hidden="true" />}
      >
        <Text fz="sm" fw={600}>
          {t('station.stationIdPermanent')}
        </Text>
        {stationId && (
          <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
            {t('station.stationIdLink', { link: `${window.location.origin}/join/${stationId}` })}
          </Text>
        )}
      </Alert>
      <TextInput
        label={t('station.displayName')}
        placeholder={t('station.displayNamePlaceholder')}
        description={
          <>
            {t('station.displayNameHint')}
            <CharacterCount length={draft.displayName.length} max={TEXT_LIMITS.name} />
          </>
        }
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        withAsterisk
        maxLength={TEXT_LIMITS.name}
        value={draft.displayName}
        onChange={(event) => onChange({ displayName: event.currentTarget.value })}
        error={errorOf('displayName')}
      />
    </Stack>
  );
}
