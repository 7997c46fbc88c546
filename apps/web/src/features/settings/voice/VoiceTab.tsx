// Settings → Voice: the server voice of each station language (for audio downloads), chosen among
// the engines the operator configured, with "Listen" to hear a sample first. Saved on its own.
import { Alert, Button, Group, Paper, Select, Stack, Text } from '@mantine/core';
import type { TLanguageVoice, TVoiceOption, TVoiceSettings } from '@message-station/shared';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { HelpText } from '../../../components/LearnMore';
import { useTranslation } from '../../../i18n/react';
import { useLanguageName } from '../../../i18n/use-language-name';
import { SaveNotice } from '../SaveNotice';
import { useSaveVoiceSettingsMutation, useVoiceSampleMutation, useVoiceSettingsQuery } from './queries';

/** The Select's value for "no choice of the station's own". */
const DEFAULT = 'default';

export function VoiceTab() {
  const { t } = useTranslation('voiceSettings');
  const query = useVoiceSettingsQuery();
  if (query.isError) return <Alert color="red">{t('loadFailed')}</Alert>;
  if (!query.data) {
    return (
      <Text fz="sm" c="dimmed">
        {t('loading')}
      </Text>
    );
  }
  return <VoiceForm settings={query.data} />;
}

function VoiceForm({ settings }: { settings: TVoiceSettings }) {
  const { t } = useTranslation('voiceSettings');
  const save = useSaveVoiceSettingsMutation();
  const saved = (language: TLanguageVoice) => language.voice ?? DEFAULT;
  const [choices, setChoices] = useState<Record<string, string>>(() =>
    Object.fromEntries(settings.languages.map((language) => [language.language, saved(language)])),
  );
  const changed = settings.languages.some((language) => choices[language.language] !== saved(language));
  const onlyOffline = settings.languages.every((language) =>
    language.voices.every((v) => v.engine === 'espeak'),
  );

  const saveAll = () =>
    save.mutate({
      voices: settings.languages.map(({ language }) => {
        const choice = choices[language] ?? DEFAULT;
        return { language, voice: choice === DEFAULT ? null : choice };
      }),
    });

  return (
    <Stack gap="md">
      <Text fz="sm" c="dimmed">
        <HelpText short={t('hint')} more={t('hintMore')} />
      </Text>
      {onlyOffline && (
        <Alert color="blue" variant="light">
          {t('offlineOnly')}
        </Alert>
      )}
      {settings.languages.map((language) => (
        <LanguageVoice
          key={language.language}
          language={language}
          choice={choices[language.language] ?? DEFAULT}
          onChoose={(choice) => {
            save.reset();
            setChoices({ ...choices, [language.language]: choice });
          }}
        />
      ))}
      <SaveNotice
        saved={save.isSuccess && !changed}
        error={save.error}
        savedText={t('saved')}
        failedText={(reason) => reason}
      />
      <Group justify="flex-end">
        <Button onClick={saveAll} disabled={!changed} loading={save.isPending}>
          {t('save')}
        </Button>
      </Group>
    </Stack>
  );
}

const optionLabel = (voice: TVoiceOption) => `${voice.name} (${voice.engine_label})`;

type TLanguageVoiceProps = { language: TLanguageVoice; choice: string; onChoose: (choice: string) => void };

function LanguageVoice({ language, choice, onChoose }: TLanguageVoiceProps) {
  const { t } = useTranslation('voiceSettings');
  const languageName = useLanguageName();
  const name = languageName(language.language);
  const sample = useVoiceSampleMutation();
  const [sampleUrl, setSampleUrl] = useState<string | null>(null);
  // The sample's object URL lives as long as it is shown.
  useEffect(() => () => void (sampleUrl && URL.revokeObjectURL(sampleUrl)), [sampleUrl]);

  const fallback = language.voices.find((voice) => voice.id === language.default_voice);
  const engines = [...new Set(language.voices.map((voice) => voice.engine_label))];
  const data = [
    { value: DEFAULT, label: fallback ? t('defaultVoice', { voice: optionLabel(fallback) }) : t('noVoice') },
    ...engines.map((engine) => ({
      group: engine,
      items: language.voices
        .filter((voice) => voice.engine_label === engine)
        .map((voice) => ({ value: voice.id, label: optionLabel(voice) })),
    })),
  ];
  const listen = () =>
    sample.mutate(
      { language: language.language, voice: choice === DEFAULT ? null : choice },
      { onSuccess: (blob) => setSampleUrl(URL.createObjectURL(blob)) },
    );

  return (
    <Paper withBorder p="md" radius="md" data-voice-language={language.language}>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label={t('voiceFor', { language: name })}
          data={data}
          value={choice}
          onChange={(value) => onChoose(value ?? DEFAULT)}
          allowDeselect={false}
          disabled={language.voices.length === 0}
          w={{ base: '100%', sm: 520 }}
        />
        <Button
          variant="light"
          leftSection={<IconPlayerPlay size={16} aria-hidden="true" />}
          onClick={listen}
          loading={sample.isPending}
          disabled={language.voices.length === 0}
          aria-label={t('listenTo', { language: name })}
        >
          {t('listen')}
        </Button>
      </Group>
      {language.chinese_characters_refused && (
        <Text fz="sm" c="orange" mt="xs">
          {language.language === 'ja' ? t('kanjiRefused') : t('hanjaRefused')}
        </Text>
      )}
      {sample.error && (
        <Alert color="red" mt="xs" role="alert">
          {sample.error.message}
        </Alert>
      )}
      {sampleUrl && !sample.error && (
        // biome-ignore lint/a11y/useMediaCaption: a spoken sample of a sentence shown nowhere else; no captions exist
        <audio
          controls
          autoPlay
          src={sampleUrl}
          aria-label={t('sampleOf', { language: name })}
          style={{ marginTop: 8, width: '100%' }}
        />
      )}
    </Paper>
  );
}
