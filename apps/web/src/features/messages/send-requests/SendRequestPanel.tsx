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
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverErrorText } from '../../../api/client';
import { useSessionUser } from '../../../app/session-user';
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

/** The requester's note or the admin's reason: optional, up to SEND_REQUEST_NOTE_MAX characters. */
function WordsField(props: {
  label: string;
  hint: string;
  value: string;
  onChange: (value: string) => void;
  error: string | null;
}) {
  return (
    <Textarea
      label={props.label}
      description={props.hint}
      value={props.value}
      maxLength={SEND_REQUEST_NOTE_MAX}
      autosize
      minRows={1}
      maxRows={4}
      error={props.error}
      onChange={(event) => props.onChange(event.currentTarget.value)}
    />
  );
}

/** A standard user with nothing pending: why they cannot send, and the way to ask. */
function Ask({ messageId }: { messageId: string }) {
  const { t } = useTranslation('messages', { keyPrefix: 'sendRequest' });
  const ask = useAskToSendMutation();
  const [note, setNote] = useState('');
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconHandStop size={18} aria-hidden="true" />}
      title={t('onlyAdmins')}
    >
      <Stack gap="xs">
        <Text fz="sm">{t('explain')}</Text>
        <WordsField
          label={t('note')}
          hint={t('noteHint')}
          value={note}
          onChange={setNote}
          error={ask.error ? serverErrorText(ask.error, t('failed')) : null}
        />
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
      </Stack>
    </Alert>
  );
}

/** A standard user: the request waits for an admin. */
function Waiting({ request, mine }: { request: TSendRequestView; mine: boolean }) {
  const { t } = useTranslation('messages', { keyPrefix: 'sendRequest' });
  const askedWhen = useAskedWhen();
  const name = request.requested_by?.name || t('colleague');
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconHandStop size={18} aria-hidden="true" />}
      title={mine ? t('youAsked') : t('colleagueAsked', { name })}
      data-send-request="pending"
    >
      <Stack gap="xs">
        <Text fz="sm">{t('waiting', { when: askedWhen(request) })}</Text>
        <Note request={request} />
      </Stack>
    </Alert>
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
    <Alert
      color="orange"
      variant="light"
      icon={<IconHandStop size={18} aria-hidden="true" />}
      title={t('askedBy', { name })}
      data-send-request="pending"
    >
      <Stack gap="xs">
        <Text fz="sm">{t('adminHint', { when: askedWhen(request) })}</Text>
        <Note request={request} />
        {sendBlocked && (
          <Text fz="sm" c="dimmed">
            {t('blocked', { reason: sendBlocked })}
          </Text>
        )}
        {declining && (
          <WordsField
            label={t('reason')}
            hint={t('reasonHint')}
            value={reason}
            onChange={setReason}
            error={decline.error ? serverErrorText(decline.error, t('declineFailed')) : null}
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
      </Stack>
    </Alert>
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
