// What each language's SMS costs: characters, encoding (GSM-7 or UCS-2) and segments of the body as
// it is sent — "{display name}: {text}" and the opt-out line in that language (decision 0012) —
// counted by the same shared function as the send confirmation and the charge. A
// language with no finished translation gets the original with one vetted line in its language
// saying it is not translated (decision 0050), and is counted as that body.
import { Badge, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { composedFallbackSms, composedSms } from '@message-station/shared';
import type { TMessage } from '../../api/messages';
import { useCompactTableProps } from '../../components/use-admin-phone';
import { formatCount } from '../../i18n/formats';
import { useTranslation } from '../../i18n/react';
import { useLanguageName } from '../../i18n/use-language-name';
import { useAdminStationQuery } from '../../lib/station-queries';

type SmsPreviewProps = {
  message: TMessage;
  /** The original as it is being edited, else the saved one. */
  original?: string;
};

type TPreviewRow = { language: string; label: string; text: string; translated: boolean };

/** The original in its language, then every target: its completed translation, else the original. */
function previewRows(
  message: TMessage,
  original: string,
  languageName: (code: string) => string,
  originalLabel: string,
): TPreviewRow[] {
  const targets = message.target_languages
    .filter((language) => language !== message.original_language)
    .map((language) => {
      const done = message.translations.find(
        (tr) => tr.language_code === language && tr.translation_status === 'completed' && tr.translated_text,
      );
      const text = done?.translated_text ?? original;
      return { language, label: languageName(language), text, translated: Boolean(done) };
    });
  return [
    { language: message.original_language, label: originalLabel, text: original, translated: true },
    ...targets,
  ];
}

export function SmsPreview({ message, original = message.original }: SmsPreviewProps) {
  const { t } = useTranslation('messages');
  const languageName = useLanguageName();
  const station = useAdminStationQuery();
  const stationName = station.data?.display_name;
  const originalLabel = t('preview.original', { language: languageName(message.original_language) });
  const rows = previewRows(message, original, languageName, originalLabel);
  const untranslated = rows.some((row) => !row.translated);
  const compact = useCompactTableProps();

  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        {t('preview.title')}
      </Title>
      {stationName === undefined ? (
        <CountingStatus text={t('preview.loading')} />
      ) : (
        // A phone scrolls the table in its own frame, never the page (decision 0043).
        <Table.ScrollContainer minWidth={300} type="native">
          <Table {...compact} aria-label={t('preview.title')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('preview.language')}</Table.Th>
                <Table.Th ta="right">{t('preview.characters')}</Table.Th>
                <Table.Th>{t('preview.encoding')}</Table.Th>
                <Table.Th ta="right">{t('preview.segments')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => {
                const sms = row.translated
                  ? composedSms(stationName, row.text, row.language)
                  : composedFallbackSms(stationName, original, row.language, message.original_language);
                return (
                  <Table.Tr key={row.language} data-preview={row.language} title={sms.body}>
                    <Table.Td>
                      <SmsLanguageLabel label={row.label} translated={row.translated} />
                    </Table.Td>
                    <Table.Td ta="right" c={sms.fits ? undefined : 'red.8'} fw={sms.fits ? undefined : 600}>
                      {formatCount(sms.characters)}
                      {!sms.fits && (
                        <Text fz="xs" span display="block" data-too-long={row.language}>
                          {t('preview.tooLong')}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{sms.encoding}</Table.Td>
                    <Table.Td ta="right">{formatCount(sms.segments)}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {untranslated && <OriginalTextNote />}
      <Text fz="xs" c="dimmed">
        {t('preview.note', { station: stationName ?? '…' })}
      </Text>
    </Stack>
  );
}

/** A language, marked when its recipients get the original (with the note) as no translation is complete. */
export function SmsLanguageLabel({ label, translated }: { label: string; translated: boolean }) {
  const { t } = useTranslation('messages');
  return (
    <Group gap={4} wrap="wrap">
      {label}
      {!translated && (
        <Badge
          size="xs"
          variant="outline"
          color="gray"
          tt="none"
          styles={{ root: { height: 'auto', maxWidth: '100%' }, label: { whiteSpace: 'normal' } }}
        >
          {t('send.originalText')}
        </Badge>
      )}
    </Group>
  );
}

/** While characters, segments or credits are still being counted. */
export function CountingStatus({ text }: { text: string }) {
  return (
    <Group gap="xs" role="status">
      <Loader size="xs" aria-hidden="true" />
      <Text fz="sm" c="dimmed">
        {text}
      </Text>
    </Group>
  );
}

export function OriginalTextNote() {
  const { t } = useTranslation('messages');
  return (
    <Text fz="xs" c="dimmed">
      {t('send.originalTextNote')}
    </Text>
  );
}
