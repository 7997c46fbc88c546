// Above the messages list, for admins: the drafts awaiting a second admin's approval, each a link
// that opens it (decision 0039).
import { Alert, Anchor, Group, Text } from '@mantine/core';
import { actsAsStationAdmin } from '@message-station/shared';
import { IconClock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSessionUser } from '../../../app/session-user';
import { usePendingApprovalsQuery } from './queries';

export function PendingApprovalsNotice({ onOpen }: { onOpen: (messageId: string) => void }) {
  const { t } = useTranslation('messages');
  const user = useSessionUser();
  const queue = usePendingApprovalsQuery(actsAsStationAdmin(user));
  const count = queue.data?.count ?? 0;
  if (count === 0) return null;
  return (
    <Alert
      mb="md"
      color="yellow"
      variant="light"
      icon={<IconClock size={18} aria-hidden="true" />}
      data-testid="pending-approvals"
    >
      <Group gap="xs" wrap="wrap">
        <Text fz="sm" fw={500}>
          {t('approval.queue', { count })}
        </Text>
        {queue.data?.approvals.map((item) => (
          <Anchor
            key={item.message_id}
            component="button"
            type="button"
            fz="sm"
            onClick={() => onOpen(item.message_id)}
          >
            {item.title.trim() || t('untitled')}
          </Anchor>
        ))}
      </Group>
    </Alert>
  );
}
