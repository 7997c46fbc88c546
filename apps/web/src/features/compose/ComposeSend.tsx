// The compose's one dominant action (decision 0082): "Send to N recipients", filled, full width,
// once the text on screen is the draft's and every translation has arrived; it opens the Messages
// page's own confirmation (the same totals, "Send anyway" for unreviewed texts, the charge), so
// the cost shown is the cost charged. A standard user asks an admin to send instead (decision
// 0077); a message awaiting a second admin shows that (decision 0039). Once sent: how many got it,
// who waits for quiet hours, and the way to the message or a new alert.
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import type { TSendPreview, TSendResult, TSessionUser } from '@message-station/shared';
import { canSendSms } from '@message-station/shared';
import { IconCheck, IconSend } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import type { TMessage } from '../../api/messages';
import { formatCount } from '../../i18n/formats';
import { useTranslation } from '../../i18n/react';
import { useComposeSlots } from '../../lib/compose-slots';

type TComposeSendProps = {
  user: TSessionUser;
  message: TMessage | null;
  typeName: string;
  preview: UseQueryResult<TSendPreview>;
  /** The text on screen is the draft's (nothing waits to be saved). */
  ready: boolean;
  sent: TSendResult | null;
  onSent: (result: TSendResult) => void;
  onStartAgain: () => void;
};

export function ComposeSend(props: TComposeSendProps) {
  const { t } = useTranslation('compose');
  const { message, sent } = props;
  if (sent && message) return <Sent result={sent} message={message} onStartAgain={props.onStartAgain} />;
  if (!message) {
    return (
      <Stack gap={6}>
        <Button size="lg" fullWidth disabled leftSection={<IconSend size={18} aria-hidden="true" />}>
          {t('send.idle')}
        </Button>
        <Text fz="sm" c="dimmed">
          {t('send.needsText')}
        </Text>
      </Stack>
    );
  }
  if (!canSendSms(props.user)) return <AskInstead messageId={message.id} ready={props.ready} />;
  return <AdminSend {...props} message={message} />;
}

function AdminSend({ message, typeName, preview, ready, onSent }: TComposeSendProps & { message: TMessage }) {
  const { t } = useTranslation(['compose', 'messages']);
  const { SendConfirm, ApprovalState, useSendHold } = useComposeSlots();
  const { smsBlocked, approvalHold } = useSendHold(message);
  const [confirming, setConfirming] = useState(false);
  const figures = preview.isPlaceholderData ? undefined : preview.data;
  const translating = message.translations.some((item) => item.translation_status === 'pending');
  const why = smsBlocked
    ? smsBlocked
    : !ready
      ? t('send.saving')
      : translating
        ? t('send.translating')
        : null;
  const sendable = Boolean(
    why === null && figures && figures.recipients > 0 && figures.credits <= figures.balance,
  );
  if (confirming) {
    return (
      <SendConfirm
        messageId={message.id}
        typeName={typeName}
        onSent={(result) => {
          setConfirming(false);
          onSent(result);
        }}
        onCancel={() => setConfirming(false)}
      />
    );
  }
  return (
    <Stack gap={6}>
      <ApprovalState approval={message.approval} />
      <Button
        size="lg"
        fullWidth
        color="red"
        leftSection={<IconSend size={18} aria-hidden="true" />}
        disabled={!sendable}
        loading={!figures && !preview.isError && !approvalHold}
        onClick={() => setConfirming(true)}
        data-compose-send=""
      >
        {figures
          ? t('messages:send.confirm', {
              count: figures.recipients,
              recipients: formatCount(figures.recipients),
            })
          : t('send.idle')}
      </Button>
      {why && (
        <Text fz="sm" c="dimmed" role="status">
          {why}
        </Text>
      )}
    </Stack>
  );
}

/** A standard user: the request to send, once the text on screen is saved. */
function AskInstead({ messageId, ready }: { messageId: string; ready: boolean }) {
  const { t } = useTranslation('compose');
  const { AskToSend } = useComposeSlots();
  return ready ? (
    <AskToSend messageId={messageId} />
  ) : (
    <Text fz="sm" c="dimmed" role="status">
      {t('send.saving')}
    </Text>
  );
}

function Sent({
  result,
  message,
  onStartAgain,
}: {
  result: TSendResult;
  message: TMessage;
  onStartAgain: () => void;
}) {
  const { t } = useTranslation(['compose', 'messages']);
  const held =
    result.waiting > 0
      ? ` ${t('messages:send.waiting', { count: result.waiting, recipients: formatCount(result.waiting) })}`
      : '';
  return (
    <Alert color="green" variant="light" icon={<IconCheck size={18} aria-hidden="true" />} role="status">
      <Stack gap="xs">
        <Text fz="sm" fw={600}>{`${t('messages:sms.sent', { count: result.sent_count })}.${held}`}</Text>
        <Text fz="sm">
          {t('send.charged', { credits: formatCount(result.credits), balance: formatCount(result.balance) })}
        </Text>
        <Group gap="md">
          <Anchor component={Link} to={`/admin/messages?message=${encodeURIComponent(message.id)}`} fz="sm">
            {t('send.follow')}
          </Anchor>
          <Button size="xs" variant="default" onClick={onStartAgain}>
            {t('send.another')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
