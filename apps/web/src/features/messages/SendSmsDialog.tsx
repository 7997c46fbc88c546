// The Send SMS confirmation: what the send would do, asked from the server before anything
// is spent — recipients, per language segments, encoding and credits, the total against the balance,
// who waits for quiet hours to end — and the warning that the credits are charged for good. One
// Idempotency-Key per opening, so a double click or a retry never sends twice; a message that has a
// send already is sent again only when the user says so (decision 0012). Each
// language says where its text came from and what its subscribers get (the text, or the original
// with a note that it is not translated: decision 0050). Every engine text nobody vouches for is
// shown with its back-translation and two choices: review it now (the detail's review), or tick
// "Send anyway"; Send waits for one of them per language. A correction of an older original holds
// the send, and so do unreviewed texts of a type that requires review unless it is an emergency,
// whose sender may send them anyway. A language whose SMS would pass Twilio's 1,600 characters is
// flagged and the send waits until the text is shortened (decision 0052).
import { Alert, Button, Checkbox, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { type TSendPreview, type TSendResult, wordLanguageList } from '@message-station/shared';
import { IconAlertTriangle, IconCheck, IconClock } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { serverErrorText } from '../../api/client';
import type { TSendConflict } from '../../api/delivery';
import { sendConflictOf } from '../../api/send-conflict';
import { useAdminPhone, useCompactTableProps } from '../../components/use-admin-phone';
import { formatCount } from '../../i18n/formats';
import { useTranslation } from '../../i18n/react';
import { useLanguageName } from '../../i18n/use-language-name';
import { useBackTranslationQuery, useSendPreviewQuery, useSendSmsMutation } from './queries';
import { CountingStatus } from './SmsPreview';
import { SourceBadge } from './SourceBadge';
import { BackTranslationFar } from './TranslationCheck';

type SendSmsDialogProps = {
  messageId: string;
  /** The message type's display name: its active subscribers receive the SMS. */
  typeName: string;
  onSent: (result: TSendResult) => void;
  onCancel: () => void;
  /** "Review now": the dialog closes and the detail opens that translation's review. */
  onReview?: (language: string) => void;
};

/** One send the user asked for; every retry of it carries the same key. */
type TSendAttempt = { idempotencyKey: string; sendAgain: boolean };

/**
 * What review holds a send back: nothing; a correction's choice first (`stale`); review first, as
 * the type requires it (`review`); or, per unreviewed language, review or "Send anyway" (`choose`).
 */
function reviewHold(preview: TSendPreview): 'none' | 'stale' | 'review' | 'choose' {
  if (preview.stale_corrections.length) return 'stale';
  if (!preview.unreviewed_languages.length) return 'none';
  return preview.review_required && !preview.emergency ? 'review' : 'choose';
}

export function SendSmsDialog({ messageId, typeName, onSent, onCancel, onReview }: SendSmsDialogProps) {
  const { t } = useTranslation('messages');
  const preview = useSendPreviewQuery(messageId);
  const send = useSendSmsMutation();
  const [attempt, setAttempt] = useState<TSendAttempt>(() => ({
    idempotencyKey: crypto.randomUUID(),
    sendAgain: false,
  }));
  const [sendError, setSendError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<TSendConflict | null>(null);
  /** The unreviewed languages ticked "Send anyway". */
  const [anyway, setAnyway] = useState<string[]>([]);
  const panel = useRef<HTMLDivElement>(null);
  const lead = t('sms.confirmText', { type: typeName });

  // Keyboard and screen reader users land on the question they must answer.
  useEffect(() => panel.current?.focus(), []);

  const ready = preview.data;
  const hold = ready ? reviewHold(ready) : 'none';
  const allTicked = Boolean(ready?.unreviewed_languages.every((code) => anyway.includes(code)));
  const reviewAllows = hold === 'none' || (hold === 'choose' && allTicked);
  // The server asks for the sender's word only where the type requires review of an emergency.
  const sendUnreviewed = Boolean(
    ready && hold === 'choose' && allTicked && ready.review_required && ready.emergency,
  );
  const affordable = Boolean(ready && ready.recipients > 0 && ready.credits <= ready.balance);
  // A body over Twilio's 1,600 characters cannot go as it is (decision 0052).
  const fitsSms = !ready?.too_long_languages.length;
  const canSend = affordable && reviewAllows && fitsSms;

  const submit = (next: TSendAttempt) => {
    setSendError(null);
    setConflict(null);
    send.mutate(
      { messageId, ...next, sendUnreviewed },
      {
        onSuccess: onSent,
        onError: (error) => {
          const previous = sendConflictOf(error);
          if (previous) setConflict(previous);
          else setSendError(serverErrorText(error, t('sms.failed')));
        },
      },
    );
  };
  // Sending again is a new send the user chose, not a retry of the refused one: a new key.
  const sendAgain = () => {
    const next = { idempotencyKey: crypto.randomUUID(), sendAgain: true };
    setAttempt(next);
    submit(next);
  };

  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'xs', sm: 'md' }}
      role="alertdialog"
      aria-label={lead}
      ref={panel}
      tabIndex={-1}
    >
      <Stack gap="sm">
        <Text fz="sm">{lead}</Text>
        {preview.isPending ? (
          <CountingStatus text={t('send.loading')} />
        ) : preview.isError ? (
          <Text fz="sm" c="red" role="alert">
            {serverErrorText(preview.error, t('send.previewFailed'))}
          </Text>
        ) : (
          <PreviewDetails preview={preview.data} typeName={typeName}>
            <ReviewNotice
              messageId={messageId}
              preview={preview.data}
              typeName={typeName}
              anyway={anyway}
              onAnyway={(language, ticked) =>
                setAnyway((current) =>
                  ticked ? [...current, language] : current.filter((code) => code !== language),
                )
              }
              onReview={onReview}
            />
          </PreviewDetails>
        )}
        {sendError && (
          <Alert color="red" variant="light" p="xs" role="alert">
            {sendError}
          </Alert>
        )}
        {conflict && <SendConflictNotice conflict={conflict} />}
        <Group gap="sm" justify="flex-end">
          <Button size="xs" variant="default" onClick={onCancel} disabled={send.isPending}>
            {t('detail.cancel')}
          </Button>
          {conflict ? (
            <Button size="xs" color="orange" onClick={sendAgain} loading={send.isPending}>
              {t('send.sendAgain')}
            </Button>
          ) : (
            ready &&
            // Waiting only for the choices above: the button shows, disabled until each is made.
            (canSend || (affordable && fitsSms && hold === 'choose')) && (
              <Button
                size="xs"
                color="green"
                onClick={() => submit(attempt)}
                loading={send.isPending}
                disabled={!canSend}
              >
                {t('send.confirm', { count: ready.recipients, recipients: formatCount(ready.recipients) })}
              </Button>
            )
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/**
 * Who vouches for the texts: what holds the send back, then each engine text nobody vouches for
 * with its back-translation and the choices (review now, or send anyway).
 */
function ReviewNotice({
  messageId,
  preview,
  typeName,
  anyway,
  onAnyway,
  onReview,
}: {
  messageId: string;
  preview: TSendPreview;
  typeName: string;
  anyway: string[];
  onAnyway: (language: string, ticked: boolean) => void;
  onReview?: (language: string) => void;
}) {
  const { t } = useTranslation('messages');
  const languageName = useLanguageName();
  const names = (codes: string[]) => codes.map((code) => languageName(code)).join(', ');
  const hold = reviewHold(preview);
  const unreviewed = names(preview.unreviewed_languages);
  if (hold === 'none') return null;
  if (hold === 'stale') {
    return (
      <Alert
        color="red"
        variant="light"
        p="xs"
        role="alert"
        icon={<IconAlertTriangle size={16} aria-hidden="true" />}
      >
        <Text fz="sm">{t('send.review.stale', { languages: names(preview.stale_corrections) })}</Text>
      </Alert>
    );
  }
  const rows = preview.languages.filter((row) => preview.unreviewed_languages.includes(row.language));
  return (
    <Stack gap="xs">
      {hold === 'review' ? (
        <Alert
          color="red"
          variant="light"
          p="xs"
          role="alert"
          icon={<IconAlertTriangle size={16} aria-hidden="true" />}
        >
          <Text fz="sm">{t('send.review.required', { type: typeName, languages: unreviewed })}</Text>
        </Alert>
      ) : (
        <Text fz="sm" fw={500}>
          {preview.review_required
            ? t('send.review.emergency', { type: typeName, languages: unreviewed })
            : t('send.review.choose', { count: rows.length, languages: unreviewed })}
        </Text>
      )}
      {rows.map((row) => (
        <UnreviewedLanguage
          key={row.language}
          messageId={messageId}
          row={row}
          canSendAnyway={hold === 'choose'}
          ticked={anyway.includes(row.language)}
          onTick={(ticked) => onAnyway(row.language, ticked)}
          onReview={onReview}
        />
      ))}
    </Stack>
  );
}

type TPreviewLanguage = TSendPreview['languages'][number];

/** One engine text nobody vouches for: what its subscribers get, put back into the original's language, and the choices. */
function UnreviewedLanguage({
  messageId,
  row,
  canSendAnyway,
  ticked,
  onTick,
  onReview,
}: {
  messageId: string;
  row: TPreviewLanguage;
  canSendAnyway: boolean;
  ticked: boolean;
  onTick: (ticked: boolean) => void;
  onReview?: (language: string) => void;
}) {
  const { t } = useTranslation('messages');
  const languageName = useLanguageName();
  const back = useBackTranslationQuery(messageId, row.language);
  const name = languageName(row.language);
  return (
    <Alert
      color={ticked ? 'yellow' : 'orange'}
      variant="light"
      p="xs"
      icon={<IconAlertTriangle size={16} aria-hidden="true" />}
      title={t('send.unreviewed.title', { language: name })}
      data-unreviewed-language={row.language}
      styles={{ title: { marginBottom: 4 } }}
    >
      <Stack gap="xs">
        <Group gap={6} wrap="wrap">
          {row.source && <SourceBadge source={row.source} />}
          <Text fz="sm">{t('send.unreviewed.explain')}</Text>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing="xs">
          <Paper p="xs" radius="sm" withBorder>
            <Text fz="xs" fw={600}>
              {t('send.unreviewed.sent', { language: name })}
            </Text>
            <Text fz="sm" lang={row.language} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {row.body}
            </Text>
          </Paper>
          <Paper p="xs" radius="sm" withBorder data-back-translation={row.language}>
            {back.isPending ? (
              <CountingStatus text={t('send.unreviewed.backLoading')} />
            ) : back.isError ? (
              <Text fz="sm" c="dimmed">
                {serverErrorText(back.error, t('detail.back.failed'))}
              </Text>
            ) : (
              <>
                <Text fz="xs" fw={600}>
                  {t('detail.back.title', { language: languageName(back.data.original_language) })}
                </Text>
                <Text
                  fz="sm"
                  lang={back.data.original_language}
                  style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
                >
                  {back.data.back_translation}
                </Text>
                <BackTranslationFar back={back.data} />
              </>
            )}
          </Paper>
        </SimpleGrid>
        <Group gap="sm" wrap="wrap" align="center">
          {onReview && (
            <Button
              size="compact-sm"
              variant="default"
              leftSection={<IconCheck size={14} aria-hidden="true" />}
              aria-label={t('send.unreviewed.reviewNowLabel', { language: name })}
              onClick={() => onReview(row.language)}
            >
              {t('send.unreviewed.reviewNow')}
            </Button>
          )}
          {canSendAnyway && (
            <Checkbox
              size="sm"
              checked={ticked}
              onChange={(event) => onTick(event.currentTarget.checked)}
              label={t('send.unreviewed.sendAnyway')}
              aria-label={t('send.unreviewed.sendAnywayLabel', { language: name })}
            />
          )}
        </Group>
      </Stack>
    </Alert>
  );
}

/** The earlier send, worded here from its code so it reads in the UI language. */
function SendConflictNotice({ conflict }: { conflict: TSendConflict }) {
  const { t, i18n } = useTranslation('messages');
  const locale = i18n.resolvedLanguage === 'es' ? 'es-US' : 'en-US';
  const at = new Date(conflict.previous_send.sent_at);
  const values = {
    count: conflict.previous_send.recipients,
    recipients: formatCount(conflict.previous_send.recipients),
    date: new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(at),
    time: new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(at),
  };
  const what =
    conflict.code === 'send_in_progress' ? t('send.stillSending', values) : t('send.alreadySent', values);
  return (
    <Alert
      color="orange"
      variant="light"
      p="xs"
      role="alert"
      icon={<IconAlertTriangle size={16} aria-hidden="true" />}
    >
      <Text fz="sm">{`${what} ${t('send.sendAgainQuestion')}`}</Text>
    </Alert>
  );
}

/** `children`: what review says of the texts, shown under their costs. */
function PreviewDetails({
  preview,
  typeName,
  children,
}: {
  preview: TSendPreview;
  typeName: string;
  children: ReactNode;
}) {
  const { t } = useTranslation('messages');
  if (preview.recipients === 0) {
    return (
      <Text fz="sm" c="red" role="alert">
        {t('send.noRecipients', { type: typeName })}
      </Text>
    );
  }
  const short = preview.credits > preview.balance;
  return (
    <>
      <Text fz="sm" fw={600}>
        {t('send.recipients', { recipients: formatCount(preview.recipients) })}
      </Text>
      <CostTable preview={preview} />
      <TooLongNotice preview={preview} />
      {children}
      <Text fz="sm" c={short ? 'red' : undefined} role={short ? 'alert' : undefined}>
        {short
          ? t('send.notEnoughCredits', {
              needed: formatCount(preview.credits),
              available: formatCount(preview.balance),
            })
          : t('send.creditsVsBalance', {
              credits: formatCount(preview.credits),
              balance: formatCount(preview.balance),
            })}
      </Text>
      {preview.emergency ? (
        <QuietHoursNote text={t('send.emergency')} />
      ) : (
        preview.waiting > 0 && (
          <QuietHoursNote
            text={t('send.waiting', { count: preview.waiting, recipients: formatCount(preview.waiting) })}
          />
        )
      )}
      {!short && (
        <Alert
          color="yellow"
          variant="light"
          p="xs"
          icon={<IconAlertTriangle size={16} aria-hidden="true" />}
        >
          <Text fz="sm">{t('send.charged')}</Text>
        </Alert>
      )}
    </>
  );
}

/** Languages whose SMS would be over 1,600 characters: Twilio would refuse them, so no Send. */
function TooLongNotice({ preview }: { preview: TSendPreview }) {
  const { t, i18n } = useTranslation('messages');
  if (!preview.too_long_languages.length) return null;
  // "English and Spanish" / "inglés y español", as the server's refusal words it.
  const languages = wordLanguageList(preview.too_long_languages.join(','), i18n.resolvedLanguage ?? 'en');
  return (
    <Alert
      color="red"
      variant="light"
      p="xs"
      role="alert"
      icon={<IconAlertTriangle size={16} aria-hidden="true" />}
      data-too-long={preview.too_long_languages.join(',')}
    >
      <Text fz="sm">{t('send.tooLong', { languages })}</Text>
    </Alert>
  );
}

function QuietHoursNote({ text }: { text: string }) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <IconClock size={16} aria-hidden="true" style={{ flexShrink: 0, marginTop: 2 }} />
      <Text fz="sm">{text}</Text>
    </Group>
  );
}

/**
 * A cost table's language row heading, the same in both layouts: the language's name (`fw`: the
 * phone's heads a row group of its own, so it stands out more), and what its subscribers get.
 */
function LanguageDelivery({ row, fw }: { row: TPreviewLanguage; fw: number }) {
  const languageName = useLanguageName();
  return (
    <Stack gap={2} align="flex-start">
      <Text inherit fw={fw}>
        {languageName(row.language)}
      </Text>
      <DeliveryNote row={row} />
    </Stack>
  );
}

/** What one language's subscribers get: where its text came from, and the text or the fallback. */
function DeliveryNote({ row }: { row: TPreviewLanguage }) {
  const { t } = useTranslation('messages');
  const languageName = useLanguageName();
  const name = languageName(row.language);
  return (
    <>
      {row.too_long && (
        <Text fz="xs" c="red.8" fw={600} data-too-long-row={row.language}>
          {t('send.tooLongRow', { length: formatCount(row.length) })}
        </Text>
      )}
      {row.delivery === 'text' && row.source && <SourceBadge source={row.source} size="xs" />}
      <Text fz="xs" c={row.delivery === 'fallback' ? undefined : 'dimmed'} data-delivery={row.delivery}>
        {row.delivery === 'fallback'
          ? t('send.gets.fallback', { language: name })
          : row.delivery === 'original'
            ? t('send.gets.original')
            : t('send.gets.text')}
      </Text>
    </>
  );
}

/**
 * Recipients, segments, encoding and credits per language, each language with what its
 * subscribers get. On a phone (decision 0043) the language and what it gets head a row of their
 * own, above its three figures (the encoding under the segments), so the columns are only the
 * figures and every one fits a 390 px screen without cutting Credits or scrolling sideways
 * (decision 0082).
 */
function CostTable({ preview }: { preview: TSendPreview }) {
  const phone = useAdminPhone();
  return phone ? <PhoneCostTable preview={preview} /> : <DeskCostTable preview={preview} />;
}

function DeskCostTable({ preview }: { preview: TSendPreview }) {
  const { t } = useTranslation('messages');
  const compact = useCompactTableProps();
  return (
    // Should it still not fit, it scrolls in its own frame, never the page.
    <Table.ScrollContainer minWidth={280} type="native">
      <Table {...compact} aria-label={t('send.tableLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('send.language')}</Table.Th>
            <Table.Th ta="right">{t('send.recipientsColumn')}</Table.Th>
            <Table.Th ta="right">{t('send.segments')}</Table.Th>
            <Table.Th>{t('send.encoding')}</Table.Th>
            <Table.Th ta="right">{t('send.credits')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {preview.languages.map((row) => (
            <Table.Tr key={row.language} data-language={row.language}>
              <Table.Td>
                <LanguageDelivery row={row} fw={500} />
              </Table.Td>
              <Table.Td ta="right">{formatCount(row.recipients)}</Table.Td>
              <Table.Td ta="right">{formatCount(row.segments)}</Table.Td>
              <Table.Td>{row.encoding}</Table.Td>
              <Table.Td ta="right">{formatCount(row.credits)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row">{t('send.total')}</Table.Th>
            <Table.Td ta="right" fw={600}>
              {formatCount(preview.recipients)}
            </Table.Td>
            <Table.Td />
            <Table.Td />
            <Table.Td ta="right" fw={600}>
              {formatCount(preview.credits)}
            </Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Three figure columns at full width; a long header wraps rather than widening the table. */
const PHONE_TABLE_STYLES = {
  table: { tableLayout: 'fixed', width: '100%' },
  th: { whiteSpace: 'normal', overflowWrap: 'anywhere', fontSize: 'var(--mantine-font-size-xs)' },
} as const;

function PhoneCostTable({ preview }: { preview: TSendPreview }) {
  const { t } = useTranslation('messages');
  const compact = useCompactTableProps();
  return (
    <Table {...compact} styles={PHONE_TABLE_STYLES} aria-label={t('send.tableLabel')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th ta="right">{t('send.recipientsColumn')}</Table.Th>
          <Table.Th ta="right">{t('send.segments')}</Table.Th>
          <Table.Th ta="right">{t('send.credits')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      {preview.languages.map((row) => (
        <Table.Tbody key={row.language}>
          <Table.Tr data-language-delivery={row.language} style={{ borderBottom: 0 }}>
            <Table.Th colSpan={3} scope="rowgroup" pb={0}>
              <LanguageDelivery row={row} fw={600} />
            </Table.Th>
          </Table.Tr>
          <Table.Tr data-language={row.language}>
            <Table.Td ta="right">{formatCount(row.recipients)}</Table.Td>
            <Table.Td ta="right">
              {formatCount(row.segments)}
              <Text fz="xs" c="dimmed" span display="block">
                {row.encoding}
              </Text>
            </Table.Td>
            <Table.Td ta="right">{formatCount(row.credits)}</Table.Td>
          </Table.Tr>
        </Table.Tbody>
      ))}
      <Table.Tfoot>
        <Table.Tr style={{ borderBottom: 0 }}>
          <Table.Th colSpan={3} scope="rowgroup" pb={0}>
            {t('send.total')}
          </Table.Th>
        </Table.Tr>
        <Table.Tr data-total="">
          <Table.Td ta="right" fw={600}>
            {formatCount(preview.recipients)}
          </Table.Td>
          <Table.Td />
          <Table.Td ta="right" fw={600}>
            {formatCount(preview.credits)}
          </Table.Td>
        </Table.Tr>
      </Table.Tfoot>
    </Table>
  );
}
