// Delivery progress of a message's SMS in the detail modal: counts, a bar (delivered green, sent blue,
// failed red, the rest still queued) and a breakdown per language. Nothing shows before a first send.
import { Box, Group, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { formatCount, type TDeliveryProgress } from '@message-station/shared';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguageName } from '../sms-contacts/use-language-name';
import { useDeliveryProgressQuery } from './queries';

const BAR_SECTIONS = [
  { status: 'delivered', color: 'green' },
  { status: 'sent', color: 'blue' },
  { status: 'failed', color: 'red' },
] as const;

export function DeliveryProgress({ messageId }: { messageId: string }) {
  const { t } = useTranslation('messages');
  const titleId = useId();
  const progress = useDeliveryProgressQuery(messageId);
  const counts = progress.data;
  if (!counts || counts.total === 0) return null;

  const done = counts.sent + counts.delivered + counts.failed;
  const items = [
    { key: 'delivered', label: t('delivery.delivered'), value: counts.delivered, color: 'green' },
    { key: 'sent', label: t('delivery.sent'), value: counts.sent, color: 'blue' },
    { key: 'failed', label: t('delivery.failed'), value: counts.failed, color: 'red' },
    { key: 'queued', label: t('delivery.queued'), value: counts.queued, color: 'gray' },
    ...(counts.waiting > 0
      ? [{ key: 'waiting', label: t('delivery.waiting'), value: counts.waiting, color: 'gray' }]
      : []),
  ];

  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId} data-testid="delivery-progress">
      <Group justify="space-between" gap="xs">
        <Title order={3} fz="md" id={titleId}>
          {t('delivery.title')}
        </Title>
        <Text fz="sm" c="dimmed">
          {t('delivery.summary', { done: formatCount(done), total: formatCount(counts.total) })}
        </Text>
      </Group>
      <Progress.Root size="lg" radius="xl">
        {BAR_SECTIONS.map(({ status, color }) => (
          <Progress.Section
            key={status}
            value={(counts[status] / counts.total) * 100}
            color={color}
            aria-label={t('delivery.barLabel', {
              status: t(`delivery.${status}`),
              count: formatCount(counts[status]),
              total: formatCount(counts.total),
            })}
          />
        ))}
      </Progress.Root>
      <SimpleGrid cols={items.length} spacing="xs">
        {items.map((item) => (
          <Box key={item.key} data-count={item.key}>
            <Group gap={6} wrap="nowrap">
              <Box w={8} h={8} bg={item.color} style={{ borderRadius: '50%' }} aria-hidden="true" />
              <Text fz="xs" c="dimmed">
                {item.label}
              </Text>
            </Group>
            <Text fw={700}>{formatCount(item.value)}</Text>
          </Box>
        ))}
      </SimpleGrid>
      {counts.languages.length > 0 && <LanguageBreakdown counts={counts} />}
    </Stack>
  );
}

function LanguageBreakdown({ counts }: { counts: TDeliveryProgress }) {
  const { t } = useTranslation('messages');
  const languageName = useLanguageName();
  return (
    <Table withTableBorder verticalSpacing={4} fz="sm" aria-label={t('delivery.tableLabel')}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('delivery.language')}</Table.Th>
          <Table.Th ta="right">{t('delivery.total')}</Table.Th>
          <Table.Th ta="right">{t('delivery.queued')}</Table.Th>
          <Table.Th ta="right">{t('delivery.sent')}</Table.Th>
          <Table.Th ta="right">{t('delivery.delivered')}</Table.Th>
          <Table.Th ta="right">{t('delivery.failed')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {counts.languages.map((row) => (
          <Table.Tr key={row.language} data-language={row.language}>
            <Table.Td>{languageName(row.language)}</Table.Td>
            <Table.Td ta="right">{formatCount(row.total)}</Table.Td>
            <Table.Td ta="right">{formatCount(row.queued)}</Table.Td>
            <Table.Td ta="right">{formatCount(row.sent)}</Table.Td>
            <Table.Td ta="right">{formatCount(row.delivered)}</Table.Td>
            <Table.Td ta="right" c={row.failed > 0 ? 'red' : undefined}>
              {formatCount(row.failed)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
