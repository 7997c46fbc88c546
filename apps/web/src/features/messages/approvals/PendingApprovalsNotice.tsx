// Above the messages list, for admins: the drafts awaiting a second admin's approval, each a link
// that opens it (decision 0039).
import { actsAsStationAdmin } from '@message-station/shared';
import { IconClock } from '@tabler/icons-react';
import { useSessionUser } from '../../../app/session-user';
import { useTranslation } from '../../../i18n/react';
import { MessageQueueNotice } from '../MessageQueueNotice';
import { usePendingApprovalsQuery } from './queries';

export function PendingApprovalsNotice({ onOpen }: { onOpen: (messageId: string) => void }) {
  const { t } = useTranslation('messages');
  const user = useSessionUser();
  const queue = usePendingApprovalsQuery(actsAsStationAdmin(user));
  const count = queue.data?.count ?? 0;
  if (count === 0) return null;
  return (
    <MessageQueueNotice
      color="yellow"
      icon={<IconClock size={18} aria-hidden="true" />}
      testId="pending-approvals"
      heading={t('approval.queue', { count })}
      items={(queue.data?.approvals ?? []).map((item) => ({
        key: item.message_id,
        messageId: item.message_id,
        label: item.title.trim() || t('untitled'),
      }))}
      onOpen={onOpen}
    />
  );
}
