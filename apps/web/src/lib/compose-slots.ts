// What the messages feature lends the New alert compose (decision 0082), handed to it by the admin
// routes (app/admin/ComposeRoute.tsx): the send confirmation, the request to send, the approval
// state, the source badge and the live stream, each the one the Messages page uses, so the compose
// repeats none of their rules. The compose names only these props, never the feature behind them
// (docs/decisions/0068-forms-widgets-and-validation-codes.md).
import type { TMessageApproval, TSendResult, TTranslationSource } from '@message-station/shared';
import { type ComponentType, createContext, use } from 'react';
import type { TMessage } from '../api/messages';

export type TSendConfirmProps = {
  messageId: string;
  /** The message type's display name: its active subscribers receive the SMS. */
  typeName: string;
  onSent: (result: TSendResult) => void;
  onCancel: () => void;
};

/** Whether this user may send the message now, and else why (the detail's Send SMS rules). */
export type TSendHold = {
  maySendSms: boolean;
  approvalHold: string | null;
  smsBlocked: string | null;
  smsReady: boolean;
};

export type TComposeSlots = {
  /** The Send SMS confirmation: totals, "Send anyway" for unreviewed texts, the send itself. */
  SendConfirm: ComponentType<TSendConfirmProps>;
  /** A standard user's "Ask an admin to send" and the request's state. */
  AskToSend: ComponentType<{ messageId: string }>;
  /** The two-person approval's state (decision 0039). */
  ApprovalState: ComponentType<{ approval: TMessageApproval | undefined }>;
  /** Where a translation's words came from, as the rest of the product labels it (decision 0050). */
  SourceBadge: ComponentType<{ source: TTranslationSource }>;
  /** Keeps the messages (their translations) live while the page shows; renders nothing. */
  LiveMessages: ComponentType;
  useSendHold: (message: TMessage) => TSendHold;
};

const NOTHING = () => null;

const NONE: TComposeSlots = {
  SendConfirm: NOTHING,
  AskToSend: NOTHING,
  ApprovalState: NOTHING,
  SourceBadge: NOTHING,
  LiveMessages: NOTHING,
  useSendHold: () => ({ maySendSms: false, approvalHold: null, smsBlocked: null, smsReady: false }),
};

export const ComposeSlotsContext = createContext<TComposeSlots>(NONE);

export function useComposeSlots(): TComposeSlots {
  return use(ComposeSlotsContext);
}
