// A message's requests to send in its detail modal (decision 0077), in words on the page, not a
// tooltip a phone never shows. A standard user reads that only admins send SMS and asks them (with
// an optional note), then sees the request waiting, sent by whom, or declined and why. An admin
// sees who asked, with Send SMS (the usual confirmation, which answers the request) and Decline.
import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import {
  canRequestSend,
  relativeAge,
  SEND_REQUEST_NOTE_MAX,
  type TSendRequestView,
} from '@message-station/shared';
import { IconHandStop, IconMessage, IconSend, IconX } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { serverErrorText } from '../../../api/client';
import { useSessionUser } from '../../../app/session-user';
import { useTranslation } from '../../../i18n/react';
import { useRelativeAgeText } from '../../../i18n/relative-age';
import { useAskToSendMutation, useDeclineSendRequestMutation, useMessageSendRequestsQuery } from './queries';

type SendRequestPanelProps = {
  messageId: string;
  /** Opens the send confirmation (an admin's answer to a request). */
  onSend: () => void;
  /** Why an admin cannot send it now (SMS off, no credits, awaiting approval), or null. */
  sendBlocked: string | null;
  busy: boolean;
};

export function SendRequestPanel({ messageId, onSend, sendBlocked, busy }: SendRequestPanelProps) {
  const { t } = useTranslation('messages', { keyPrefix: 'sendRequest' });
  const user = useSessionUser();
  const requests = useMessageSendRequestsQuery(messageId);
  // After an answer, asking again is one click away rather than the whole form.
  const [askingAgain, setAskingAgain] = useState(false);
  if (!requests.data) return null;
  const pending = requests.data.requests.find((request) => request.status === 'pending') ?? null;
  const latest = requests.data.requests[0] ?? null;
  const answered = latest && latest.status !== 'pending' ? <Answered request={latest} /> : null;
  if (canRequestSend(user)) {
    return (
      <Stack gap="xs">
        {answered}
        {pending ? (
          <Waiting request={pending} mine={pending.requested_by?.id === user.id} />
        ) : answered && !askingAgain ? (
          <Group>
            <Button size="xs" variant="subtle" onClick={() => setAskingAgain(true)}>
              {t('askAgain')}
            </Button>
          </Group>
        ) : (
          <Ask messageId={messageId} />
        )}
      </Stack>
    );
  }
  if (pending) {
    return <Asked request={pending} onSend={onSend} sendBlocked={sendBlocked} busy={busy} />;
  }
  return answered;
}

/** 'Asked 5 minutes ago' / 'Asked just now' ('Just now' alone starts with a capital). */
function useAskedWhen() {
  const { t } = useTranslation('messages', { keyPrefix: 'sendRequest' });
  const ageText = useRelativeAgeText();
  return (request: TSendRequestView) =>
    relativeAge(request.requested_at).kind === 'now'
      ? t('askedNow')
      : t('askedAt', { time: ageText(request.requested_at) });
}

function Note({ request }: { request: TSendRequestView }) {
  const { t } = useTranslation('messages', { keyPrefix: 'sendRequest' });
  if (!request.note) return null;
  return (
    <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }}>
      {t('noteShown', { note: request.note })}
    </Text>
  );
}

/**
 * The requester's note or the admin's reason (its label and hint by `kind`): optional, up to
 * SEND_REQUEST_NOTE_MAX characters; the refusal of the call it goes with, if any, under it.
 */
function WordsField(props: {
  kind: 'note' | 'reason';
  value: string;
  onChange: (value: string) => void;
  error: Error | null;
  failed: string;
}) {
  const { t } = useTranslation('messages', { keyPrefix: 'sendRequest' });
  return (
    <Textarea
      label={t(props.kind)}
      description={t(`${props.kind}Hint`)}
      value={props.value}
      maxLength={SEND_REQUEST_NOTE_MAX}
      autosize
      minRows={1}
      maxRows={4}
      error={props.error ? serverErrorText(props.error, props.failed) : null}
      onChange={(event) => props.onChange(event.currentTarget.value)}
    />
  );
}

/**
 * One state of the request as the panel shows it: a coloured line with its title (only admins send;
 * you asked; who asked) and what goes with it. A waiting request's says so (data-send-request).
 */
function RequestLine(props: { color: string; title: string; pending?: boolean; children: ReactNode }) {
  return (
    <Alert
      color={props.color}
      variant="light"
      icon={<IconHandStop size={18} aria-hidden="true" />}
      title={props.title}
      data-send-request={props.pending ? 'pending' : undefined}
    >
      <Stack gap="xs">{props.children}</Stack>
    </Alert>
  );
}

/** A standard user with nothing pending: why they cannot send, and the way to ask. */
function Ask({ messageId }: { messageId: string }) {
  const { t } = useTranslation('messages', { keyPrefix: 'sendRequest' });
  const ask = useAskToSendMutation();
  const [note, setNote] = useState('');
  return (
    <RequestLine color="blue" title={t('onlyAdmins')}>
      <Text fz="sm">{t('explain')}</Text>
      <WordsField kind="note" value={note} onChange={setNote} error={ask.error} failed={t('failed')} />
      <Group justify="flex-end">
        <Button
          size="xs"
          leftSection={<IconSend size={14} aria-hidden="true" />}
          loading={ask.isPending}
          onClick={() => ask.mutate({ messageId, note }, { onSuccess: () => setNote('') })}
        >
          {t('ask')}
        </Button>
      </Group>
    </RequestLine>
  );
}

/** A standard user: the request waits for an admin. */
function Waiting({ request, mine }: { request: TSendRequestView; mine: boolean }) {
  const { t } = useTranslation('messages', { keyPrefix: 'sendRequest' });
  const askedWhen = useAskedWhen();
  const name = request.requested_by?.name || t('colleague');
  return (
    <RequestLine color="yellow" title={mine ? t('youAsked') : t('colleagueAsked', { name })} pending>
      <Text fz="sm">{t('waiting', { when: askedWhen(request) })}</Text>
      <Note request={request} />
    </RequestLine>
  );
}

/** An admin: who asked, Send SMS and Decline (with an optional reason). */
function Asked({
  request,
  onSend,
  sendBlocked,
  busy,
}: {
  request: TSendRequestView;
  onSend: () => void;
  sendBlocked: string | null;
  busy: boolean;
}) {
  const { t } = useTranslation('messages', { keyPrefix: 'sendRequest' });
  const askedWhen = useAskedWhen();
  const decline = useDeclineSendRequestMutation();
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  const name = request.requested_by?.name || t('colleague');
  return (
    <RequestLine color="orange" title={t('askedBy', { name })} pending>
      <Text fz="sm">{t('adminHint', { when: askedWhen(request) })}</Text>
      <Note request={request} />
      {sendBlocked && (
        <Text fz="sm" c="dimmed">
          {t('blocked', { reason: sendBlocked })}
        </Text>
      )}
      {declining && (
        <WordsField
          kind="reason"
          value={reason}
          onChange={setReason}
          error={decline.error}
          failed={t('declineFailed')}
        />
      )}
      <Group gap="sm" justify="flex-end">
        {declining ? (
          <>
            <Button
              size="xs"
              variant="default"
              onClick={() => setDeclining(false)}
              disabled={decline.isPending}
            >
              {t('cancel')}
            </Button>
            <Button
              size="xs"
              color="red"
              leftSection={<IconX size={14} aria-hidden="true" />}
              loading={decline.isPending}
              onClick={() => decline.mutate({ requestId: request.id, reason })}
            >
              {t('confirmDecline')}
            </Button>
          </>
        ) : (
          <>
            <Button
              size="xs"
              variant="light"
              color="red"
              leftSection={<IconX size={14} aria-hidden="true" />}
              onClick={() => setDeclining(true)}
              disabled={busy}
            >
              {t('decline')}
            </Button>
            <Button
              size="xs"
              color="green"
              leftSection={<IconMessage size={14} aria-hidden="true" />}
              onClick={onSend}
              disabled={busy || sendBlocked !== null}
            >
              {t('send')}
            </Button>
          </>
        )}
      </Group>
    </RequestLine>
  );
}

/** The last request's answer: sent by whom, or declined by whom and why. */
function Answered({ request }: { request: TSendRequestView }) {
  const { t } = useTranslation('messages', { keyPrefix: 'sendRequest' });
  const requester = request.requested_by?.name || t('colleague');
  const decider = request.decided_by?.name || t('someAdmin');
  if (request.status === 'sent') {
    return (
      <Text fz="sm" c="teal.8" data-send-request="sent">
        {t('sentBy', { name: decider, requester })}
      </Text>
    );
  }
  return (
    <Text fz="sm" c="red.8" data-send-request="declined">
      {request.reason
        ? t('declinedWithReason', { name: decider, requester, reason: request.reason })
        : t('declinedBy', { name: decider, requester })}
    </Text>
  );
}
