// The stored messages, newest first, refreshed every 3 seconds and on demand.
import { Alert, Badge, Button, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle, IconMail, IconMessage, IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import type { TOutboxMessage } from '../../api/dev-outbox';
import { useTranslation } from '../../i18n/react';
import { isOutboxOff, useOutboxQuery } from './queries';

function formatSentAt(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language === 'es' ? 'es-US' : 'en-US', {
    dateStyle: 'medium',
    timeStyle: 'medium',
  }).format(new Date(iso));
}

function OutboxMessage({ message }: { message: TOutboxMessage }) {
  const { t, i18n } = useTranslation('dev');
  const isSms = message.channel === 'sms';
  return (
    <Card withBorder radius="md" p="md" component="article">
      <Group justify="space-between" align="flex-start" gap="xs" mb="xs">
        <Group gap="xs" wrap="nowrap">
          <Badge
            color={isSms ? 'teal' : 'grape'}
            variant="light"
            leftSection={
              isSms ? <IconMessage size={12} aria-hidden="true" /> : <IconMail size={12} aria-hidden="true" />
            }
          >
            {t(`outbox.channel.${message.channel}`)}
          </Badge>
        </Group>
        <Text fz="xs" c="dimmed" component="time" dateTime={message.created_at}>
          {formatSentAt(message.created_at, i18n.resolvedLanguage ?? 'en')}
        </Text>
      </Group>
      <Stack gap={2} mb="xs">
        <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
          <Text span inherit fw={600}>
            {t('outbox.to')}:
          </Text>{' '}
          {message.to}
        </Text>
        <Text fz="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          <Text span inherit fw={600}>
            {t('outbox.from')}:
          </Text>{' '}
          {message.from}
        </Text>
        {!isSms && (
          <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
            <Text span inherit fw={600}>
              {t('outbox.subject')}:
            </Text>{' '}
            {message.subject ?? t('outbox.noSubject')}
          </Text>
        )}
      </Stack>
      <Text
        fz="sm"
        bg="gray.0"
        p="sm"
        style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', borderRadius: 'var(--mantine-radius-sm)' }}
      >
        {message.body}
      </Text>
    </Card>
  );
}

function OutboxBody() {
  const { t } = useTranslation('dev');
  const outbox = useOutboxQuery();

  if (outbox.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label={t('outbox.messagesTitle')} />
      </Center>
    );
  }
  if (outbox.isError) {
    const off = isOutboxOff(outbox.error);
    return (
      <Alert color={off ? 'blue' : 'red'} icon={<IconInfoCircle size={18} aria-hidden="true" />}>
        {off ? t('outbox.off') : t('outbox.loadFailed', { error: outbox.error.message })}
      </Alert>
    );
  }
  if (outbox.data.length === 0) {
    return (
      <Text c="dimmed" ta="center" py="xl">
        {t('outbox.empty')}
      </Text>
    );
  }
  return (
    <Stack gap="sm">
      <Text fz="sm" c="dimmed">
        {t('outbox.count', { count: outbox.data.length })}
      </Text>
      {outbox.data.map((message) => (
        <OutboxMessage key={message.id} message={message} />
      ))}
    </Stack>
  );
}

export function OutboxMessagesCard() {
  const { t } = useTranslation('dev');
  const outbox = useOutboxQuery();
  const [refreshing, setRefreshing] = useState(false);
  const refresh = async () => {
    setRefreshing(true);
    await outbox.refetch();
    setRefreshing(false);
  };
  return (
    <Card p={{ base: 'md', sm: 'lg' }} component="section">
      <Group justify="space-between" mb="md" gap="sm">
        <Stack gap={0}>
          <Title order={2} fz="h3">
            {t('outbox.messagesTitle')}
          </Title>
          {!isOutboxOff(outbox.error) && (
            <Text fz="xs" c="dimmed">
              {t('outbox.autoRefresh')}
            </Text>
          )}
        </Stack>
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} aria-hidden="true" />}
          onClick={() => void refresh()}
          loading={refreshing}
        >
          {t('outbox.refresh')}
        </Button>
      </Group>
      <OutboxBody />
    </Card>
  );
}
