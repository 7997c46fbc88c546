// The messages list on a phone (decision 0043): the table's columns as one card per message, so
// the page never scrolls sideways. Title ('Untitled' when empty) with its type, the original cut
// at two lines, translations, created (relative), where its latest send stands, and Details.
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { TypeBadge } from '../../components/TypeBadge';
import { useTranslation } from '../../i18n/react';
import { ApprovalBadge } from './approvals/ApprovalBadge';
import { LastSendStatus } from './LastSendStatus';
import { TranslationBadges } from './MessageBadges';
import { type TMessageListProps, useMessageTimes } from './MessagesTable';

export function MessageCards({ messages, types, onDetails }: TMessageListProps) {
  const { t } = useTranslation('messages');
  const { ageText, fullTime, now } = useMessageTimes();

  return (
    <Stack gap="sm">
      {messages.map((message) => {
        const title = message.title.trim() || t('untitled');
        return (
          <Paper
            key={message.id}
            component="article"
            aria-label={title}
            withBorder
            radius="md"
            p="sm"
            data-message-id={message.id}
          >
            <Stack gap={6}>
              <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
                <Text
                  fz="sm"
                  fw={500}
                  lineClamp={2}
                  c={message.title.trim() ? undefined : 'dimmed'}
                  fs={message.title.trim() ? undefined : 'italic'}
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {title}
                </Text>
                <TypeBadge type={message.message_type} types={types} />
              </Group>
              <ApprovalBadge approval={message.approval} />
              <Text fz="sm" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                {message.original}
              </Text>
              <TranslationBadges message={message} />
              <Group justify="space-between" align="center" wrap="nowrap" gap="xs">
                <Stack gap={2} miw={0}>
                  <Text fz="xs" c="dimmed">
                    <time dateTime={message.createdAt} title={fullTime(message.createdAt)}>
                      {ageText(message.createdAt, now)}
                    </time>
                  </Text>
                  <LastSendStatus lastSend={message.last_send} />
                </Stack>
                <Button
                  size="compact-md"
                  variant="default"
                  onClick={() => onDetails(message)}
                  style={{ flexShrink: 0 }}
                >
                  {t('details')}
                </Button>
              </Group>
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
