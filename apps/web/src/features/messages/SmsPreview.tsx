// What each text costs as an SMS: characters, encoding (GSM-7 or UCS-2) and segments, for the
// original and every completed translation (ARCHITECTURE §5, one shared function).
import { Stack, Table, Text, Title } from '@mantine/core';
import { formatCount, smsSegments } from '@message-station/shared';
import { useTranslation } from 'react-i18next';
import type { TMessage } from '../../api/messages';
import { useLanguageName } from '../sms-contacts/use-language-name';

type SmsPreviewProps = {
  message: TMessage;
  /** The original as it is being edited, else the saved one. */
  original?: string;
};

export function SmsPreview({ message, original = message.original }: SmsPreviewProps) {
  const { t } = useTranslation('messages');
  const languageName = useLanguageName();
  const rows = [
    {
      key: `original-${message.original_language}`,
      label: t('preview.original', { language: languageName(message.original_language) }),
      text: original,
    },
    ...message.translations
      .filter((tr) => tr.translation_status === 'completed' && tr.translated_text)
      .map((tr) => ({
        key: tr.language_code,
        label: languageName(tr.language_code),
        text: tr.translated_text ?? '',
      })),
  ];

  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        {t('preview.title')}
      </Title>
      <Table withTableBorder verticalSpacing={6} aria-label={t('preview.title')}>
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
            const info = smsSegments(row.text);
            return (
              <Table.Tr key={row.key} data-preview={row.key}>
                <Table.Td>{row.label}</Table.Td>
                <Table.Td ta="right">{formatCount(info.characters)}</Table.Td>
                <Table.Td>{info.encoding}</Table.Td>
                <Table.Td ta="right">{formatCount(info.segments)}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      <Text fz="xs" c="dimmed">
        {t('preview.note')}
      </Text>
    </Stack>
  );
}
