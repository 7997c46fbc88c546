// A message's audio without the desktop app: the server speaks it in one language (the original or a
// completed translation) as WAV or MP3, named by the broadcast ID template, for a PA system or a
// broadcast.
import { Alert, Button, Group, NativeSelect, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { AUDIO_FORMATS, type TAudioFormat } from '@message-station/shared';
import { IconAlertCircle, IconFileMusic } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, serverErrorText } from '../../api/client';
import { downloadMessageAudio } from '../../api/machines';
import type { TMessage } from '../../api/messages';
import { useTranslation } from '../../i18n/react';
import { useLanguageName } from '../../i18n/use-language-name';
import { fileSaver } from '../../lib/save-file';

/** The languages there is text to speak in: the original first, then each completed translation. */
export function audioLanguages(message: TMessage): string[] {
  const completed = message.translations
    .filter((translation) => translation.translation_status === 'completed' && translation.translated_text)
    .map((translation) => translation.language_code);
  return [...new Set([message.original_language, ...completed])];
}

/** The browser's IANA time zone, so the file name carries the local date and time. */
function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/** The server's code for a full speech line, worded here: {code, limit}. */
function queueRefusal(error: unknown): { code: string; limit?: number } | null {
  if (!(error instanceof ApiError) || !error.body || typeof error.body !== 'object') return null;
  const { code, limit } = error.body as { code?: unknown; limit?: unknown };
  if (code !== 'audio_queue_full' && code !== 'audio_server_busy') return null;
  return { code, limit: typeof limit === 'number' ? limit : undefined };
}

export function AudioDownload({ message }: { message: TMessage }) {
  const { t } = useTranslation('messages');
  const languageName = useLanguageName();
  const languages = audioLanguages(message);
  const [language, setLanguage] = useState(message.original_language);
  const [format, setFormat] = useState<TAudioFormat>('wav');
  const lang = languages.includes(language) ? language : message.original_language;

  const errorText = (error: unknown) => {
    const refusal = queueRefusal(error);
    if (refusal?.code === 'audio_queue_full') return t('audio.queueFull', { count: refusal.limit ?? 10 });
    if (refusal?.code === 'audio_server_busy') return t('audio.serverBusy');
    return serverErrorText(error, t('audio.failed'));
  };

  const download = useMutation({
    mutationFn: async () => {
      const file = await downloadMessageAudio(message.id, { lang, format, timeZone: browserTimeZone() });
      fileSaver.save(file.blob, file.fileName ?? `message-${lang}.${format}`);
    },
  });

  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label={t('audio.title')}>
      <Stack gap="xs">
        <div>
          <Text fz="sm" fw={600}>
            {t('audio.title')}
          </Text>
          <Text fz="xs" c="dimmed">
            {t('audio.note')}
          </Text>
        </div>
        <Group gap="xs" align="flex-end" wrap="wrap">
          <NativeSelect
            size="xs"
            label={t('audio.language')}
            data={languages.map((code) => ({
              value: code,
              label:
                code === message.original_language
                  ? t('audio.original', { language: languageName(code) })
                  : languageName(code),
            }))}
            value={lang}
            onChange={(event) => setLanguage(event.currentTarget.value)}
            w={200}
          />
          <SegmentedControl
            size="xs"
            aria-label={t('audio.format')}
            data={AUDIO_FORMATS.map((value) => ({ value, label: value.toUpperCase() }))}
            value={format}
            onChange={(value) => setFormat(value as TAudioFormat)}
          />
          <Button
            size="xs"
            variant="default"
            leftSection={<IconFileMusic size={14} aria-hidden="true" />}
            loading={download.isPending}
            onClick={() => download.mutate()}
          >
            {t('audio.download')}
          </Button>
        </Group>
        {download.isError && (
          <Alert
            color="red"
            variant="light"
            p="xs"
            icon={<IconAlertCircle size={16} aria-hidden="true" />}
            role="alert"
          >
            {errorText(download.error)}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
