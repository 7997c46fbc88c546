// Step 4: the four fixed message types, each with its colour, a description and an on/off switch.
// Names and descriptions come in the wizard's language; the station keeps them for it.
import { Badge, Group, Paper, Stack, Switch, Textarea } from '@mantine/core';
import { MESSAGE_TYPES, TEXT_LIMITS } from '@message-station/shared';
import { countedProps } from '../../components/TextLimit';
import { currentLanguage } from '../../i18n';
import { useTranslation } from '../../i18n/react';
import { stationFill } from '../../lib/station-brand';
import { typeWordingShown } from './registration-draft';
import { StepHeading } from './StepHeading';
import type { TStepProps } from './step-props';

export function MessageTypesStep({ draft, onChange }: Omit<TStepProps, 'errors'>) {
  const { t } = useTranslation('registration');
  // useTranslation renders again on a language change: the descriptions not yet edited follow it.
  const language = currentLanguage();

  return (
    <Stack gap="md">
      <StepHeading title={t('messageTypes.title')} intro={t('messageTypes.intro')} />
      {MESSAGE_TYPES.map((type) => {
        const shown = typeWordingShown(draft, type.key, language);
        const name = shown.displayName;
        const enabled = draft.messageTypesEnabled[type.key];
        return (
          <Paper
            key={type.key}
            withBorder
            p="md"
            // A type turned off: its edge turns grey; the card is not faded (its text would fall below AA).
            style={{ borderLeft: `4px solid ${enabled ? type.colorCode : 'var(--mantine-color-gray-4)'}` }}
          >
            <Group justify="space-between" mb="xs" wrap="nowrap">
              <Badge color={stationFill(type.colorCode)} autoContrast size="lg" radius="sm">
                {name}
              </Badge>
              <Switch
                label={t('messageTypes.enabled')}
                aria-label={`${name}: ${t('messageTypes.enabled')}`}
                labelPosition="left"
                checked={enabled}
                onChange={(event) =>
                  onChange({
                    messageTypesEnabled: {
                      ...draft.messageTypesEnabled,
                      [type.key]: event.currentTarget.checked,
                    },
                  })
                }
              />
            </Group>
            <Textarea
              label={t('messageTypes.description')}
              aria-label={`${name}: ${t('messageTypes.description')}`}
              autosize
              minRows={2}
              maxRows={5}
              {...countedProps(shown.description, TEXT_LIMITS.typeDescription)}
              value={shown.description}
              onChange={(event) =>
                onChange({ messageTypes: { ...draft.messageTypes, [type.key]: event.currentTarget.value } })
              }
            />
          </Paper>
        );
      })}
    </Stack>
  );
}
