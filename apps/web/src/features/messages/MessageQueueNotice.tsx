// Above the messages list, for admins: what awaits them (drafts awaiting approval, requests to send),
// a count and each message a link that opens it.
import { Alert, Anchor, Group, Text } from '@mantine/core';
import type { ReactNode } from 'react';

type MessageQueueNoticeProps = {
  color: string;
  icon: ReactNode;
  testId: string;
  /** "2 messages await …:" */
  heading: string;
  items: { key: string; messageId: string; label: string }[];
  onOpen: (messageId: string) => void;
};

export function MessageQueueNotice({ color, icon, testId, heading, items, onOpen }: MessageQueueNoticeProps) {
  return (
    <Alert mb="md" color={color} variant="light" icon={icon} data-testid={testId}>
      <Group gap="xs" wrap="wrap">
        <Text fz="sm" fw={500}>
          {heading}
        </Text>
        {items.map((item) => (
          <Anchor
            key={item.key}
            component="button"
            type="button"
            fz="sm"
            onClick={() => onOpen(item.messageId)}
          >
            {item.label}
          </Anchor>
        ))}
      </Group>
    </Alert>
  );
}
