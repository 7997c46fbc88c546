// Above the messages list, for admins: the messages standard users asked them to send, each a link
// that opens it (decision 0077).
import { actsAsStationAdmin } from '@message-station/shared';
import { IconHandStop } from '@tabler/icons-react';
import { useSessionUser } from '../../../app/session-user';
import { useTranslation } from '../../../i18n/react';
import { MessageQueueNotice } from '../MessageQueueNotice';
import { usePendingSendRequestsQuery } from './queries';

export function SendRequestsNotice({ onOpen }: { onOpen: (messageId: string) => void }) {
  const { t } = useTranslation('messages');
  const user = useSessionUser();
  const queue = usePendingSendRequestsQuery(actsAsStationAdmin(user));
  const count = queue.data?.count ?? 0;
  if (count === 0) return null;
  return (
    <MessageQueueNotice
      color="orange"
      icon={<IconHandStop size={18} aria-hidden="true" />}
      testId="send-requests"
      heading={t('sendRequest.queue', { count })}
      items={(queue.data?.requests ?? []).map((item) => ({
        key: item.id,
        messageId: item.message_id,
        label: t('sendRequest.queueItem', {
          title: item.title.trim() || t('untitled'),
          name: item.requested_by?.name || t('sendRequest.colleague'),
        }),
      }))}
      onOpen={onOpen}
    />
  );
}
