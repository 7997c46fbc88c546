// Per message type: a Subscribe checkbox and, when subscribed, the Preferred Language (every
// language the station offers). Used by the Preferences and Add Contact dialogs.
import { Checkbox, Group, NativeSelect, Paper, Stack, Text } from '@mantine/core';
import type { TStationLanguage, TStationMessageType } from '../../api/sms-contacts';
import { useTranslation } from '../../i18n/react';
import { useLanguageName } from '../../i18n/use-language-name';
import { safeColor } from '../../lib/station-brand';
import type { TPreferencesDraft } from './preferences';

type PreferencesEditorProps = {
  types: TStationMessageType[];
  languages: TStationLanguage[];
  value: TPreferencesDraft;
  onChange: (draft: TPreferencesDraft) => void;
};

export function PreferencesEditor({ types, languages, value, onChange }: PreferencesEditorProps) {
  const { t } = useTranslation('smsContacts');
  const languageName = useLanguageName();

  return (
    <Stack gap="xs">
      {types.map((type) => {
        const preference = value[type.message_type] ?? { subscribed: false, language: 'en' };
        const options = languages.map((language) => ({
          value: language.language_code,
          label: languageName(language.language_code, language.display_name),
        }));
        // A language the station no longer offers stays visible until changed.
        if (preference.language && !options.some((option) => option.value === preference.language)) {
          options.push({ value: preference.language, label: languageName(preference.language) });
        }
        const update = (change: Partial<typeof preference>) =>
          onChange({ ...value, [type.message_type]: { ...preference, ...change } });
        return (
          <Paper
            key={type.id}
            withBorder
            radius="md"
            p="sm"
            role="group"
            aria-label={type.display_name}
            style={{ borderLeft: `5px solid ${safeColor(type.color_code, 'var(--mantine-color-gray-5)')}` }}
          >
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="md">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Text fw={600}>{type.display_name}</Text>
                <Text fz="xs" c="dimmed">
                  {type.description}
                </Text>
              </Stack>
              <Checkbox
                label={t('preferences.subscribe')}
                checked={preference.subscribed}
                onChange={(event) => update({ subscribed: event.currentTarget.checked })}
                style={{ flexShrink: 0 }}
              />
            </Group>
            {preference.subscribed && (
              <NativeSelect
                mt="xs"
                maw={260}
                size="sm"
                label={t('preferences.language')}
                data={options}
                value={preference.language}
                onChange={(event) => update({ language: event.currentTarget.value })}
              />
            )}
          </Paper>
        );
      })}
    </Stack>
  );
}
