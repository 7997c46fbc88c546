// What other features show on the Messages page (its schedules, making a message from a template),
// handed to it by the admin routes (app/admin/MessagesRoute.tsx): the messages feature names only
// these props, never the features behind them (docs/decisions/0068-forms-widgets-and-validation-codes.md).
import { type ComponentType, createContext, use } from 'react';
import type { TMessage } from '../api/messages';
import type { TStationLanguage } from '../api/sms-contacts';
import type { TOutcome } from '../components/DetailControls';

export type TScheduleButtonProps = {
  message: { id: string; title: string };
  busy: boolean;
  /** Why it may not be scheduled yet (awaiting approval), or null. */
  hold: string | null;
  onOutcome: (outcome: TOutcome | null) => void;
};

export type TNewFromTemplateProps = {
  languages: TStationLanguage[];
  onCreated: (message: TMessage) => void;
};

export type TMessagePageSlots = {
  /** Schedules a send of the message (its detail's actions). */
  ScheduleButton: ComponentType<TScheduleButtonProps>;
  /** The message's schedules (its detail's Delivery tab). */
  MessageSchedules: ComponentType<{ messageId: string }>;
  /** Makes a message from a template (the page's header). */
  NewFromTemplateButton: ComponentType<TNewFromTemplateProps>;
};

const NONE: TMessagePageSlots = {
  ScheduleButton: () => null,
  MessageSchedules: () => null,
  NewFromTemplateButton: () => null,
};

export const MessagePageSlotsContext = createContext<TMessagePageSlots>(NONE);

export function useMessagePageSlots(): TMessagePageSlots {
  return use(MessagePageSlotsContext);
}
