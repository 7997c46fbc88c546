// The Inbox nav item's unread count, kept live by the inbox stream this badge opens for the whole
// admin area (decision 0040). Nothing shows while nothing is unread.
import { Badge } from '@mantine/core';
import { useTranslation } from '../../i18n/react';
import { useInboxUnreadQuery } from './unread-query';
import { useInboxStream } from './use-inbox-stream';

export function InboxNavBadge() {
  const { t } = useTranslation('admin');
  useInboxStream();
  const unread = useInboxUnreadQuery().data?.unread_total ?? 0;
  if (unread === 0) return null;
  return (
    <Badge
      size="sm"
      color="red"
      circle={unread < 10}
      aria-label={t('nav.inboxUnread', { count: unread })}
      data-inbox-unread={unread}
    >
      {unread > 99 ? '99+' : unread}
    </Badge>
  );
}
