// One delivery: the event it carries (payload as sent), every attempt with the receiver's answer,
// and Replay (the same event id, a fresh signature).
import { Button, Code, Drawer, Group, Loader, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconRefresh } from '@tabler/icons-react';
import { serverErrorText } from '../../api/client';
import { useTranslation } from '../../i18n/react';
import { DeliveryStatusBadge } from './DeliveryStatusBadge';
import { useReplayMutation, useWebhookDeliveryQuery } from './queries';

export function DeliveryDrawer({ deliveryId, onClose }: { deliveryId: string | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('webhooks');
  const delivery = useWebhookDeliveryQuery(deliveryId);
  const replay = useReplayMutation();
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });
  const detail = delivery.data;

  const replayNow = () =>
    detail &&
    replay.mutate(detail.id, {
      onSuccess: () => notifications.show({ color: 'green', message: t('drawer.replayed') }),
      onError: (error) =>
        notifications.show({ color: 'red', message: serverErrorText(error, t('drawer.replayFailed')) }),
    });

  return (
    <Drawer
      opened={deliveryId !== null}
      onClose={onClose}
      position="right"
      size="xl"
      title={t('drawer.title')}
      scrollAreaComponent={ScrollArea.Autosize}
    >
      {!detail ? (
        <Group gap="xs">
          <Loader size="sm" />
          <Text fz="sm">{t('drawer.loading')}</Text>
        </Group>
      ) : (
        <Stack gap="md" data-webhook-delivery={detail.id}>
          <Group justify="space-between" wrap="wrap">
            <Group gap="xs">
              <Text ff="monospace" fw={600}>
                {detail.event_type}
              </Text>
              <DeliveryStatusBadge status={detail.status} />
            </Group>
            <Button
              leftSection={<IconRefresh size={16} aria-hidden="true" />}
              onClick={replayNow}
              loading={replay.isPending}
              disabled={detail.status === 'sending'}
            >
              {t('drawer.replay')}
            </Button>
          </Group>
          <Table variant="vertical" layout="fixed" withTableBorder>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={140}>{t('drawer.eventId')}</Table.Th>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  <Text fz="sm" ff="monospace">
                    {detail.event_id}
                  </Text>
                </Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>{t('drawer.endpoint')}</Table.Th>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>{detail.endpoint_url}</Table.Td>
              </Table.Tr>
              {detail.next_attempt_at && (
                <Table.Tr>
                  <Table.Th>{t('drawer.nextAttempt')}</Table.Th>
                  <Table.Td>{when.format(new Date(detail.next_attempt_at))}</Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
          <div>
            <Title order={4} fz="md" mb="xs">
              {t('drawer.payload')}
            </Title>
            <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {JSON.stringify(detail.payload, null, 2)}
            </Code>
          </div>
          <div>
            <Title order={4} fz="md" mb="xs">
              {t('drawer.attempts')}
            </Title>
            {detail.attempts_log.length === 0 ? (
              <Text fz="sm" c="dimmed">
                {t('drawer.noAttempts')}
              </Text>
            ) : (
              <Stack gap="sm">
                {detail.attempts_log.map((attempt) => (
                  <Stack key={attempt.id} gap={4} data-webhook-attempt={attempt.id}>
                    <Group gap="md" wrap="wrap">
                      <Text fz="sm">{when.format(new Date(attempt.attempted_at))}</Text>
                      <Text
                        fz="sm"
                        fw={600}
                        c={attempt.status_code && attempt.status_code < 300 ? 'teal' : 'red'}
                      >
                        {attempt.status_code ?? t('drawer.noResponse')}
                      </Text>
                      <Text fz="sm" c="dimmed">
                        {t('drawer.duration', { ms: attempt.duration_ms })}
                      </Text>
                    </Group>
                    {attempt.error && (
                      <Text fz="sm" c="red">
                        {attempt.error}
                      </Text>
                    )}
                    {attempt.response_body && (
                      <Code
                        block
                        style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: 160 }}
                      >
                        {attempt.response_body}
                      </Code>
                    )}
                  </Stack>
                ))}
              </Stack>
            )}
          </div>
        </Stack>
      )}
    </Drawer>
  );
}
