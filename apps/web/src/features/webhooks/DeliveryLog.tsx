// The delivery log: every event sent to the station's endpoints, newest first, filtered by endpoint,
// status and event; a row opens its detail.
import { Button, Group, Select, Table, Text, UnstyledButton } from '@mantine/core';
import {
  type TWebhookEndpoint,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_TEST_EVENT,
} from '@message-station/shared';
import { IconWebhook } from '@tabler/icons-react';
import { useState } from 'react';
import { ListEmpty, ListLoadFailed, ListLoading } from '../../components/ListStates';
import { SectionCard } from '../../components/SectionCard';
import { useTranslation } from '../../i18n/react';
import { DeliveryDrawer } from './DeliveryDrawer';
import { DeliveryStatusBadge } from './DeliveryStatusBadge';
import { type TDeliveryFilter, useWebhookDeliveriesQuery } from './queries';

export function DeliveryLog({ endpoints }: { endpoints: TWebhookEndpoint[] }) {
  const { t, i18n } = useTranslation('webhooks');
  const [filter, setFilter] = useState<TDeliveryFilter>({});
  const [open, setOpen] = useState<string | null>(null);
  const deliveries = useWebhookDeliveriesQuery(filter);
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' });
  const filtered = Object.values(filter).some(Boolean);
  const rows = deliveries.data?.pages.flatMap((page) => page.deliveries) ?? [];
  const set = (key: keyof TDeliveryFilter) => (value: string | null) =>
    setFilter((current) => ({ ...current, [key]: value ?? undefined }));

  return (
    <SectionCard title={t('log.title')} description={t('log.intro')}>
      <Group gap="sm" mb="md" wrap="wrap" align="flex-end">
        <Select
          label={t('log.filters.endpoint')}
          placeholder={t('log.filters.allEndpoints')}
          data={endpoints.map((e) => ({ value: e.id, label: e.description || e.url }))}
          value={filter.endpoint_id ?? null}
          onChange={set('endpoint_id')}
          clearable
          w={{ base: '100%', sm: 240 }}
        />
        <Select
          label={t('log.filters.status')}
          placeholder={t('log.filters.allStatuses')}
          data={WEBHOOK_DELIVERY_STATUSES.map((s) => ({ value: s, label: t(`deliveryStatus.${s}`) }))}
          value={filter.status ?? null}
          onChange={set('status')}
          clearable
          w={{ base: '100%', sm: 180 }}
        />
        <Select
          label={t('log.filters.event')}
          placeholder={t('log.filters.allEvents')}
          data={[...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT]}
          value={filter.event_type ?? null}
          onChange={set('event_type')}
          clearable
          w={{ base: '100%', sm: 220 }}
        />
      </Group>
      {deliveries.isPending ? (
        <ListLoading label={t('log.loading')} />
      ) : deliveries.isError ? (
        <ListLoadFailed
          message={t('log.loadFailed', { error: deliveries.error.message })}
          retryLabel={t('retry')}
          onRetry={() => void deliveries.refetch()}
        />
      ) : rows.length === 0 ? (
        <ListEmpty
          icon={<IconWebhook size={24} />}
          title={filtered ? t('log.emptyFiltered') : t('log.empty')}
        />
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('log.columns.time')}</Table.Th>
                <Table.Th>{t('log.columns.event')}</Table.Th>
                <Table.Th>{t('log.columns.endpoint')}</Table.Th>
                <Table.Th>{t('log.columns.status')}</Table.Th>
                <Table.Th>{t('log.columns.attempts')}</Table.Th>
                <Table.Th>{t('log.columns.code')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((delivery) => {
                const time = when.format(new Date(delivery.created_at));
                return (
                  <Table.Tr key={delivery.id} data-delivery-id={delivery.id}>
                    <Table.Td>
                      <UnstyledButton
                        onClick={() => setOpen(delivery.id)}
                        aria-label={t('log.open', { event: delivery.event_type, time })}
                      >
                        <Text fz="sm" c="blue" td="underline">
                          {time}
                        </Text>
                      </UnstyledButton>
                    </Table.Td>
                    <Table.Td>
                      <Text fz="sm" ff="monospace">
                        {delivery.event_type}
                      </Text>
                    </Table.Td>
                    <Table.Td maw={260}>
                      <Text fz="sm" truncate="end" title={delivery.endpoint_url}>
                        {delivery.endpoint_url}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <DeliveryStatusBadge status={delivery.status} />
                    </Table.Td>
                    <Table.Td>{delivery.attempts}</Table.Td>
                    <Table.Td>{delivery.last_status_code ?? t('log.noCode')}</Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {deliveries.hasNextPage && (
        <Group justify="center" mt="md">
          <Button
            variant="default"
            onClick={() => void deliveries.fetchNextPage()}
            loading={deliveries.isFetchingNextPage}
          >
            {t('log.more')}
          </Button>
        </Group>
      )}
      <DeliveryDrawer deliveryId={open} onClose={() => setOpen(null)} />
    </SectionCard>
  );
}
