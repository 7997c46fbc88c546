// The alert in every station language as it stands (decision 0082): the original, each
// translation as it arrives, labelled by where its words came from as everywhere else (vetted,
// reviewed, or a machine's nobody reviewed: decision 0050), with its recipients, segments and
// credits from the send preview; then the totals against the balance and what quiet hours do.
import { Alert, Badge, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import type { TSendPreview } from '@message-station/shared';
import { IconAlertTriangle, IconClock } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { serverErrorText } from '../../api/client';
import type { TMessage } from '../../api/messages';
import type { TStationLanguage } from '../../api/sms-contacts';
import { formatCount } from '../../i18n/formats';
import { useTranslation } from '../../i18n/react';
import { useLanguageName } from '../../i18n/use-language-name';
import { useComposeSlots } from '../../lib/compose-slots';

type TComposeLanguagesProps = {
  languages: TStationLanguage[];
  /** The original's language. */
  original: string;
  /** The text on screen (the original, before the draft has it). */
  text: string;
  message: TMessage | null;
  preview: UseQueryResult<TSendPreview>;
};

export function ComposeLanguages({ languages, original, text, message, preview }: TComposeLanguagesProps) {
  const { t } = useTranslation('compose');
  const codes = [
    original,
    ...languages.map((language) => language.language_code).filter((code) => code !== original),
  ];
  const figures = message ? preview.data : undefined;
  return (
    <Stack gap="sm" component="section" aria-labelledby="compose-languages">
      <Title order={2} fz="lg" id="compose-languages">
        {t('languages.title')}
      </Title>
      {codes.map((code) => (
        <LanguageCard
          key={code}
          code={code}
          isOriginal={code === original}
          text={code === original ? (message?.original ?? text) : null}
          message={message}
          row={figures?.languages.find((row) => row.language === code)}
          hasFigures={Boolean(figures)}
        />
      ))}
      {message && preview.isError && (
        <Alert
          color="red"
          variant="light"
          role="alert"
          icon={<IconAlertTriangle size={16} aria-hidden="true" />}
        >
          {serverErrorText(preview.error, t('languages.previewFailed'))}
        </Alert>
      )}
      {figures ? (
        <Totals preview={figures} />
      ) : (
        !message && (
          <Text fz="sm" c="dimmed">
            {t('languages.empty')}
          </Text>
        )
      )}
    </Stack>
  );
}

type TPreviewRow = TSendPreview['languages'][number];

/** "1 recipient", "3 credits": a figure with its word. */
function useCounted() {
  const { t } = useTranslation('compose');
  return (what: 'recipients' | 'segments' | 'credits', count: number): string =>
    t(`languages.${what}`, { count, formatted: formatCount(count) });
}

function LanguageCard({
  code,
  isOriginal,
  text,
  message,
  row,
  hasFigures,
}: {
  code: string;
  isOriginal: boolean;
  text: string | null;
  message: TMessage | null;
  row: TPreviewRow | undefined;
  hasFigures: boolean;
}) {
  const { t } = useTranslation('compose');
  const counted = useCounted();
  const languageName = useLanguageName();
  const translation = isOriginal
    ? undefined
    : message?.translations.find((item) => item.language_code === code);
  const status = isOriginal
    ? 'original'
    : (translation?.translation_status ?? (message ? 'none' : 'waiting'));
  const shown = isOriginal
    ? text
    : translation?.translation_status === 'completed'
      ? translation.translated_text
      : null;
  return (
    <Paper withBorder radius="md" p="sm" data-compose-language={code} data-status={status}>
      <Stack gap={6}>
        <Group gap="xs" justify="space-between" wrap="wrap">
          <Group gap="xs" wrap="wrap">
            <Text fw={600} fz="sm">
              {languageName(code)}
            </Text>
            <TextLabel isOriginal={isOriginal} translation={translation} hasMessage={Boolean(message)} />
          </Group>
          {hasFigures && (
            <Text fz="xs" c="dimmed" data-figures={code}>
              {t('languages.figures', {
                recipients: counted('recipients', row?.recipients ?? 0),
                segments: counted('segments', row?.segments ?? 0),
                credits: counted('credits', row?.credits ?? 0),
              })}
            </Text>
          )}
        </Group>
        {shown ? (
          <Text fz="sm" lang={code} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {shown}
          </Text>
        ) : (
          <Text fz="sm" c="dimmed">
            {status === 'pending'
              ? t('languages.translating')
              : status === 'failed' || status === 'none'
                ? t('languages.fallback', { language: languageName(code) })
                : isOriginal
                  ? t('languages.noText')
                  : t('languages.afterText')}
          </Text>
        )}
        {row?.too_long && (
          <Text fz="xs" c="red.8" fw={600}>
            {t('languages.tooLong', { length: formatCount(row.length) })}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** Original, translating, or where a finished translation's words came from. */
function TextLabel({
  isOriginal,
  translation,
  hasMessage,
}: {
  isOriginal: boolean;
  translation: TMessage['translations'][number] | undefined;
  hasMessage: boolean;
}) {
  const { t } = useTranslation('compose');
  const { SourceBadge } = useComposeSlots();
  if (isOriginal) {
    return (
      <Badge size="sm" variant="light" color="gray" tt="none">
        {t('languages.original')}
      </Badge>
    );
  }
  if (!hasMessage) return null;
  if (!translation || translation.translation_status === 'failed') {
    return (
      <Badge size="sm" variant="light" color="red" tt="none">
        {t('languages.notTranslated')}
      </Badge>
    );
  }
  if (translation.translation_status === 'pending' || !translation.source) {
    return (
      <Group gap={4} wrap="nowrap">
        <Loader size={12} aria-hidden="true" />
        <Text fz="xs" c="dimmed">
          {t('languages.translatingShort')}
        </Text>
      </Group>
    );
  }
  return <SourceBadge source={translation.source} />;
}

/** Every recipient, the credits against the balance, and what quiet hours do to this send. */
function Totals({ preview }: { preview: TSendPreview }) {
  const { t } = useTranslation(['compose', 'messages']);
  const counted = useCounted();
  const short = preview.credits > preview.balance;
  return (
    <Paper withBorder radius="md" p="sm" bg="gray.0" data-compose-totals="">
      <Stack gap={6}>
        <Text
          fz="sm"
          fw={600}
          data-total-recipients={preview.recipients}
          data-total-credits={preview.credits}
        >
          {t('languages.total', {
            recipients: counted('recipients', preview.recipients),
            credits: counted('credits', preview.credits),
          })}
        </Text>
        <Text fz="sm" c={short ? 'red.8' : undefined} role={short ? 'alert' : undefined}>
          {short
            ? t('messages:send.notEnoughCredits', {
                needed: formatCount(preview.credits),
                available: formatCount(preview.balance),
              })
            : t('messages:send.creditsVsBalance', {
                credits: formatCount(preview.credits),
                balance: formatCount(preview.balance),
              })}
        </Text>
        <Group gap={6} wrap="nowrap" align="flex-start" data-quiet-hours="">
          <IconClock size={16} aria-hidden="true" style={{ flexShrink: 0, marginTop: 2 }} />
          <Text fz="sm">
            {preview.emergency
              ? t('messages:send.emergency')
              : preview.waiting > 0
                ? t('messages:send.waiting', {
                    count: preview.waiting,
                    recipients: formatCount(preview.waiting),
                  })
                : t('languages.allNow')}
          </Text>
        </Group>
      </Stack>
    </Paper>
  );
}
