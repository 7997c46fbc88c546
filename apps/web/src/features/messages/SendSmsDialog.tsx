// The Send SMS confirmation (spec §5): what the send would do, asked from the server before anything
// is spent — recipients, per language segments, encoding and credits, the total against the balance,
// who waits for quiet hours to end — and the warning that the credits are charged for good. One
// Idempotency-Key per opening, so a double click or a retry never sends twice; a message that has a
// send already is sent again only when the user says so (decision 0012, ARCHITECTURE §5). Texts no
// one on staff reviewed are named; a correction of an older original, or unreviewed texts of a type
// that requires review, hold the send, which an emergency's sender may confirm anyway (issue 19).
import { Alert, Button, Checkbox, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { formatCount, type TSendPreview, type TSendResult } from '@message-station/shared';
import { IconAlertTriangle, IconClock } from '@tabler/icons-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverErrorText } from '../../api/client';
import type { TSendConflict } from '../../api/delivery';
import { sendConflictOf } from '../../api/send-conflict';
import { useCompactTableProps } from '../../components/use-admin-phone';
import { useLanguageName } from '../sms-contacts/use-language-name';
import { useSendPreviewQuery, useSendSmsMutation } from './queries';
import { CountingStatus, OriginalTextNote, SmsLanguageLabel } from './SmsPreview';

type SendSmsDialogProps = {
  messageId: string;
  /** The message type's display name: its active subscribers receive the SMS. */
  typeName: string;
  onSent: (result: TSendResult) => void;
  onCancel: () => void;
};

/** One send the user asked for; every retry of it carries the same key. */
type TSendAttempt = { idempotencyKey: string; sendAgain: boolean };

/** What review holds a send back: nothing, a choice or review first, or the emergency's confirmation. */
function reviewHold(preview: TSendPreview): 'none' | 'stale' | 'review' | 'confirm' {
  if (preview.stale_corrections.length) return 'stale';
  if (!preview.review_required || !preview.unreviewed_languages.length) return 'none';
  return preview.emergency ? 'confirm' : 'review';
}

export function SendSmsDialog({ messageId, typeName, onSent, onCancel }: SendSmsDialogProps) {
  const { t } = useTranslation('messages');
  const preview = useSendPreviewQuery(messageId);
  const send = useSendSmsMutation();
  const [attempt, setAttempt] = useState<TSendAttempt>(() => ({
    idempotencyKey: crypto.randomUUID(),
    sendAgain: false,
  }));
  const [sendError, setSendError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<TSendConflict | null>(null);
  const [sendUnreviewed, setSendUnreviewed] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  const lead = t('sms.confirmText', { type: typeName });

  // Keyboard and screen reader users land on the question they must answer.
  useEffect(() => panel.current?.focus(), []);

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

  const ready = preview.data;
  const hold = ready ? reviewHold(ready) : 'none';
  const reviewAllows = hold === 'none' || (hold === 'confirm' && sendUnreviewed);
  const canSend = Boolean(ready && ready.recipients > 0 && ready.credits <= ready.balance && reviewAllows);

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
              preview={preview.data}
              typeName={typeName}
              confirmed={sendUnreviewed}
              onConfirm={setSendUnreviewed}
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
            canSend &&
            ready && (
              <Button size="xs" color="green" onClick={() => submit(attempt)} loading={send.isPending}>
                {t('send.confirm', { count: ready.recipients, recipients: formatCount(ready.recipients) })}
              </Button>
            )
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

/** Who vouches for the texts: unreviewed languages named, and what holds the send back. */
function ReviewNotice({
  preview,
  typeName,
  confirmed,
  onConfirm,
}: {
  preview: TSendPreview;
  typeName: string;
  confirmed: boolean;
  onConfirm: (confirmed: boolean) => void;
}) {
  const { t } = useTranslation('messages');
  const languageName = useLanguageName();
  const names = (codes: string[]) => codes.map((code) => languageName(code)).join(', ');
  const hold = reviewHold(preview);
  const unreviewed = names(preview.unreviewed_languages);
  if (hold === 'stale' || hold === 'review') {
    return (
      <Alert
        color="red"
        variant="light"
        p="xs"
        role="alert"
        icon={<IconAlertTriangle size={16} aria-hidden="true" />}
      >
        <Text fz="sm">
          {hold === 'stale'
            ? t('send.review.stale', { languages: names(preview.stale_corrections) })
            : t('send.review.required', { type: typeName, languages: unreviewed })}
        </Text>
      </Alert>
    );
  }
  if (hold === 'confirm') {
    return (
      <Alert color="orange" variant="light" p="xs" icon={<IconAlertTriangle size={16} aria-hidden="true" />}>
        <Stack gap={6}>
          <Text fz="sm">{t('send.review.emergency', { type: typeName, languages: unreviewed })}</Text>
          <Checkbox
            size="sm"
            checked={confirmed}
            onChange={(event) => onConfirm(event.currentTarget.checked)}
            label={t('send.review.confirmUnreviewed')}
          />
        </Stack>
      </Alert>
    );
  }
  if (!preview.unreviewed_languages.length) return null;
  return (
    <Text fz="sm" c="dimmed" data-unreviewed>
      {t('send.review.notReviewed', { languages: unreviewed })}
    </Text>
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

function QuietHoursNote({ text }: { text: string }) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <IconClock size={16} aria-hidden="true" style={{ flexShrink: 0, marginTop: 2 }} />
      <Text fz="sm">{text}</Text>
    </Group>
  );
}

function CostTable({ preview }: { preview: TSendPreview }) {
  const { t } = useTranslation('messages');
  const languageName = useLanguageName();
  const untranslated = preview.languages.some((row) => !row.translated);
  // On a phone (decision 0043) the same table, tighter, so its five columns fit.
  const compact = useCompactTableProps();
  return (
    <>
      {/* A phone scrolls the table in its own frame, never the page (decision 0043). */}
      <Table.ScrollContainer minWidth={300} type="native">
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
                  <SmsLanguageLabel label={languageName(row.language)} translated={row.translated} />
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
      {untranslated && <OriginalTextNote />}
    </>
  );
}
