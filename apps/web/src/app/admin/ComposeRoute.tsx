// The New alert compose (decision 0082) with what the messages feature lends it
// (lib/compose-slots.ts): the admin routes compose features, a feature never imports another.
import { ComposePage } from '../../features/compose/ComposePage';
import { ApprovalPanel } from '../../features/messages/approvals/ApprovalPanel';
import { SendSmsDialog } from '../../features/messages/SendSmsDialog';
import { SourceBadge } from '../../features/messages/SourceBadge';
import { SendRequestPanel } from '../../features/messages/send-requests/SendRequestPanel';
import { useMessageStream } from '../../features/messages/use-message-stream';
import { useSendSmsHold } from '../../features/messages/use-send-sms-hold';
import { ComposeSlotsContext, type TComposeSlots } from '../../lib/compose-slots';

function LiveMessages() {
  useMessageStream();
  return null;
}

const SLOTS: TComposeSlots = {
  SendConfirm: SendSmsDialog,
  // Nothing to answer here: a request is answered from the message's detail.
  AskToSend: ({ messageId }) => (
    <SendRequestPanel messageId={messageId} onSend={() => undefined} sendBlocked={null} busy={false} />
  ),
  ApprovalState: ApprovalPanel,
  SourceBadge,
  LiveMessages,
  useSendHold: useSendSmsHold,
};

export function ComposeRoute() {
  return (
    <ComposeSlotsContext value={SLOTS}>
      <ComposePage />
    </ComposeSlotsContext>
  );
}
