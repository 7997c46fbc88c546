// The messages table: Title ('Untitled' when empty), Content, Translations, Created (relative),
// Type, SMS (where its latest send stands), Actions (Details).
import { Button, Table, Text } from '@mantine/core';
import type { TMessage } from '../../api/messages';
import type { TStationMessageType } from '../../api/sms-contacts';
import { TypeBadge } from '../../components/TypeBadge';
import { useTranslation } from '../../i18n/react';
import { useFullTimeText, useRelativeAgeText } from '../../i18n/relative-age';
import { useNow } from '../../lib/use-now';
import { ApprovalBadge } from './approvals/ApprovalBadge';
import { LastSendStatus } from './LastSendStatus';
import { TranslationBadges } from './MessageBadges';

/** Relative times move on once a minute. */
export const AGE_TICK_MS = 60_000;

/** The messages list, as a table (desktop) or as cards (phone, MessageCards). */
export type TMessageListProps = {
  messages: TMessage[];
  types: TStationMessageType[];
  onDetails: (message: TMessage) => void;
};

/** Each message's age ("5 minutes ago", moving on once a minute) and its full time for the tooltip. */
export function useMessageTimes() {
  const ageText = useRelativeAgeText();
  const fullTime = useFullTimeText();
  const now = useNow(AGE_TICK_MS);
  return { ageText, fullTime, now };
}

export function MessagesTable({ messages, types, onDetails }: TMessageListProps) {
  const { t } = useTranslation('messages');
  const { ageText, fullTime, now } = useMessageTimes();

  return (
    <Table.ScrollContainer minWidth={840}>
      <Table striped highlightOnHover verticalSpacing="sm" horizontalSpacing={8}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('columns.title')}</Table.Th>
            <Table.Th>{t('columns.content')}</Table.Th>
            <Table.Th>{t('columns.translations')}</Table.Th>
            <Table.Th>{t('columns.created')}</Table.Th>
            <Table.Th>{t('columns.type')}</Table.Th>
            <Table.Th>{t('columns.sms')}</Table.Th>
            <Table.Th>{t('columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {messages.map((message) => (
            <Table.Tr key={message.id} data-message-id={message.id}>
              <Table.Td miw={140} maw={220}>
                {message.title.trim() ? (
                  <Text fz="sm" fw={500} lineClamp={2}>
                    {message.title}
                  </Text>
                ) : (
                  <Text fz="sm" c="dimmed" fs="italic">
                    {t('untitled')}
                  </Text>
                )}
                <ApprovalBadge approval={message.approval} />
              </Table.Td>
              {/* The content takes the room the other columns leave and is cut to it, so that the
                  row fits the page beside the menu (1280 px) without a sideways scroll. */}
              <Table.Td w="100%" maw={0}>
                <Text fz="sm" truncate="end" title={message.original}>
                  {message.original}
                </Text>
              </Table.Td>
              <Table.Td miw={120} maw={220}>
                <TranslationBadges message={message} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <time dateTime={message.createdAt} title={fullTime(message.createdAt)}>
                  {ageText(message.createdAt, now)}
                </time>
              </Table.Td>
              <Table.Td>
                <TypeBadge type={message.message_type} types={types} />
              </Table.Td>
              <Table.Td>
                <LastSendStatus lastSend={message.last_send} />
              </Table.Td>
              <Table.Td>
                <Button size="compact-sm" variant="default" onClick={() => onDetails(message)}>
                  {t('details')}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
