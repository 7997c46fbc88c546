// The SMS column of the messages list: where each message's latest send stands, in the
// interface language: "Not sent", "Sending 40%", "Waiting for daytime" (every text still to go is
// held for quiet hours), "Sent 12/14 · 2 failed". The list refetches on the stream's sms_progress.
import { Box, Group, Text } from '@mantine/core';
import type { TMessageLastSend } from '@message-station/shared';
import type { TFunction } from 'i18next';
import { formatCount } from '../../i18n/formats';
import { useTranslation } from '../../i18n/react';
import { useFullTimeText } from '../../i18n/relative-age';

export type TLastSendState = 'not_sent' | 'sending' | 'waiting' | 'sent' | 'sent_with_failures';

export function lastSendState(lastSend: TMessageLastSend | null | undefined): TLastSendState {
  if (!lastSend) return 'not_sent';
  if (lastSend.in_flight > lastSend.held) return 'sending';
  if (lastSend.in_flight > 0) return 'waiting';
  return lastSend.failed > 0 ? 'sent_with_failures' : 'sent';
}

/** The words of the column for one message. */
export function lastSendText(
  t: TFunction<'messages'>,
  lastSend: TMessageLastSend | null | undefined,
): string {
  const state = lastSendState(lastSend);
  if (!lastSend || state === 'not_sent') return t('lastSend.notSent');
  const { recipients, sent, delivered, failed } = lastSend;
  if (state === 'sending') {
    const processed = sent + delivered + failed;
    const percent = recipients > 0 ? Math.floor((processed / recipients) * 100) : 0;
    return t('lastSend.sending', { percent });
  }
  if (state === 'waiting') return t('lastSend.waiting');
  const done = t('lastSend.sent', {
    sent: formatCount(sent + delivered),
    recipients: formatCount(recipients),
  });
  return failed > 0
    ? `${done} · ${t('lastSend.failed', { count: failed, formatted: formatCount(failed) })}`
    : done;
}

const DOT: Record<TLastSendState, string> = {
  not_sent: 'gray.5',
  sending: 'blue.6',
  waiting: 'yellow.6',
  sent: 'green.7',
  sent_with_failures: 'red.7',
};

export function LastSendStatus({ lastSend }: { lastSend: TMessageLastSend | null | undefined }) {
  const { t } = useTranslation('messages');
  const fullTime = useFullTimeText();
  const state = lastSendState(lastSend);
  return (
    <Group
      gap={6}
      wrap="nowrap"
      data-send-state={state}
      title={lastSend ? t('lastSend.at', { time: fullTime(lastSend.sent_at) }) : undefined}
    >
      <Box w={8} h={8} bg={DOT[state]} style={{ borderRadius: '50%', flex: 'none' }} aria-hidden="true" />
      <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
        {lastSendText(t, lastSend)}
      </Text>
    </Group>
  );
}
