// The Messages page with what other features add to it (lib/message-page-slots.ts): the admin
// routes compose features, a feature never imports another.
import { MessagesPage } from '../../features/messages/MessagesPage';
import { MessageSchedules, ScheduleButton } from '../../features/schedules/MessageScheduling';
import { NewFromTemplateButton } from '../../features/templates/NewFromTemplateButton';
import { MessagePageSlotsContext, type TMessagePageSlots } from '../../lib/message-page-slots';

const SLOTS: TMessagePageSlots = { ScheduleButton, MessageSchedules, NewFromTemplateButton };

export function MessagesRoute() {
  return (
    <MessagePageSlotsContext value={SLOTS}>
      <MessagesPage />
    </MessagePageSlotsContext>
  );
}
