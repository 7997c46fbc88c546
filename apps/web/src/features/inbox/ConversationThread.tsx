// One conversation: each text as the subscriber wrote it with the station's translation under it,
// and each answer as staff wrote it with what was sent in the subscriber's language.
import { Badge, Group, Paper, ScrollArea, Stack, Text } from '@mantine/core';
import type { TInboxMessage, TInboxThread } from '@message-station/shared';
import { useTranslation } from '../../i18n/react';
import { useFullTimeText } from '../../i18n/relative-age';
import { useLanguageName } from '../../i18n/use-language-name';

function InboundText({ message }: { message: TInboxMessage }) {
  const { t } = useTranslation('inbox');
  const languageName = useLanguageName();
  const target = languageName(message.translation_language ?? '');
  return (
    <Stack gap={4}>
      {message.translation_status === 'completed' && (
        <Text fw={500} style={{ whiteSpace: 'pre-wrap' }} data-translation>
          {message.translated_text}
        </Text>
      )}
      {message.translation_status === 'pending' && (
        <Text size="sm" c="dimmed">
          {t('message.translating', { language: target })}
        </Text>
      )}
      {message.translation_status === 'failed' && (
        <Text size="sm" c="red">
          {t('message.translationFailed', { reason: message.translation_error ?? '' })}
        </Text>
      )}
      {message.translation_status !== 'not_needed' && (
        <Text size="xs" c="dimmed">
          {t('message.original', { language: languageName(message.language) })}
        </Text>
      )}
      <Text
        size={message.translation_status === 'not_needed' ? 'md' : 'sm'}
        style={{ whiteSpace: 'pre-wrap' }}
        lang={message.language}
        data-original
      >
        {message.body}
      </Text>
    </Stack>
  );
}

function OutboundText({ message }: { message: TInboxMessage }) {
  const { t } = useTranslation('inbox');
  const languageName = useLanguageName();
  return (
    <Stack gap={4}>
      {message.direction === 'auto' && (
        <Badge size="xs" variant="light" color="grape">
          {t('autoReply.badge')}
        </Badge>
      )}
      {message.staff_text && message.staff_text !== message.body && (
        <>
          <Text size="xs" c="dimmed">
            {t('message.wrote', {
              name: message.sent_by_name ?? t('you'),
              language: languageName(message.staff_language ?? ''),
            })}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {message.staff_text}
          </Text>
        </>
      )}
      <Text size="xs" c="dimmed">
        {t('message.sent', { language: languageName(message.language) })} ·{' '}
        {t('message.credits', { count: message.credits })}
      </Text>
      <Text style={{ whiteSpace: 'pre-wrap' }} lang={message.language} data-sent>
        {message.body}
      </Text>
      {message.sms_status === 'failed' && (
        <Text size="sm" c="red">
          {t('message.notSent')}
        </Text>
      )}
    </Stack>
  );
}

export function ConversationThread({ thread }: { thread: TInboxThread }) {
  const fullTime = useFullTimeText();
  return (
    <ScrollArea.Autosize mah="55vh" offsetScrollbars>
      <Stack gap="sm" p={2}>
        {thread.messages.map((message) => {
          const inbound = message.direction === 'in';
          return (
            <Group key={message.id} justify={inbound ? 'flex-start' : 'flex-end'}>
              <Paper
                withBorder
                p="sm"
                radius="md"
                maw="80%"
                bg={inbound ? undefined : 'var(--mantine-color-blue-0)'}
                data-direction={message.direction}
              >
                {inbound ? <InboundText message={message} /> : <OutboundText message={message} />}
                <Text size="xs" c="dimmed" ta="right" mt={4}>
                  {fullTime(message.created_at)}
                </Text>
              </Paper>
            </Group>
          );
        })}
      </Stack>
    </ScrollArea.Autosize>
  );
}
