// /admin/webhooks (admins): the station's outbound webhook endpoints (add, edit, send a
// test event, reveal or roll the signing secret, disable or enable, delete) and the delivery log.
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  Group,
  Menu,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import type { TWebhookEndpoint } from '@message-station/shared';
import { IconDots, IconPlus, IconWebhook } from '@tabler/icons-react';
import { useState } from 'react';
import { serverErrorText } from '../../api/client';
import { ListEmpty, ListLoadFailed, ListLoading } from '../../components/ListStates';
import { PageTitle } from '../../components/PageTitle';
import { SectionCard } from '../../components/SectionCard';
import { useTranslation } from '../../i18n/react';
import { DeliveryLog } from './DeliveryLog';
import { DeliveryStatusBadge } from './DeliveryStatusBadge';
import { EndpointFormModal } from './EndpointFormModal';
import {
  useDeleteWebhookMutation,
  useSendTestMutation,
  useSwitchWebhookMutation,
  useWebhookEndpointsQuery,
  useWebhookSecretMutation,
} from './queries';
import { SecretModal, type TSecretView } from './SecretModal';

type TFormState = { open: false } | { open: true; endpoint: TWebhookEndpoint | null };

function StatusBadge({ endpoint }: { endpoint: TWebhookEndpoint }) {
  const { t } = useTranslation('webhooks');
  if (endpoint.enabled) {
    return (
      <Stack gap={2} align="flex-start">
        <Badge color="teal" variant="light">
          {t('status.enabled')}
        </Badge>
        {endpoint.consecutive_failures > 0 && (
          <Text fz="xs" c="orange">
            {t('status.failing', { count: endpoint.consecutive_failures })}
          </Text>
        )}
      </Stack>
    );
  }
  return (
    <Badge color={endpoint.disabled_reason === 'failures' ? 'red' : 'gray'} variant="light">
      {endpoint.disabled_reason === 'failures' ? t('status.disabledFailures') : t('status.disabledAdmin')}
    </Badge>
  );
}

export function WebhooksPage() {
  const { t, i18n } = useTranslation('webhooks');
  const endpoints = useWebhookEndpointsQuery();
  const [form, setForm] = useState<TFormState>({ open: false });
  const [secret, setSecret] = useState<TSecretView | null>(null);
  const secrets = useWebhookSecretMutation();
  const sendTest = useSendTestMutation();
  const toggle = useSwitchWebhookMutation();
  const remove = useDeleteWebhookMutation();
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const failed = (fallback: string) => (error: unknown) =>
    notifications.show({ color: 'red', message: serverErrorText(error, fallback) });

  const showSecret = (endpoint: TWebhookEndpoint, action: 'reveal' | 'roll') =>
    secrets.mutate(
      { id: endpoint.id, action },
      {
        onSuccess: ({ secret: value }) =>
          setSecret({ kind: action === 'roll' ? 'rolled' : 'reveal', url: endpoint.url, secret: value }),
        onError: failed(t('secret.failed')),
      },
    );

  const askRoll = (endpoint: TWebhookEndpoint) =>
    modals.openConfirmModal({
      title: t('secret.rollTitle'),
      children: <Text fz="sm">{t('secret.rollText')}</Text>,
      labels: { confirm: t('secret.rollConfirm'), cancel: t('delete.cancel') },
      onConfirm: () => showSecret(endpoint, 'roll'),
    });

  const askDelete = (endpoint: TWebhookEndpoint) =>
    modals.openConfirmModal({
      title: t('delete.title'),
      children: <Text fz="sm">{t('delete.text', { url: endpoint.url })}</Text>,
      labels: { confirm: t('delete.confirm'), cancel: t('delete.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(endpoint.id, {
          onSuccess: () => notifications.show({ color: 'green', message: t('delete.done') }),
          onError: failed(t('delete.failed')),
        }),
    });

  const test = (endpoint: TWebhookEndpoint) =>
    sendTest.mutate(endpoint.id, {
      onSuccess: () => notifications.show({ color: 'green', message: t('test.sent', { url: endpoint.url }) }),
      onError: failed(t('test.failed')),
    });

  const flip = (endpoint: TWebhookEndpoint) =>
    toggle.mutate(
      { id: endpoint.id, enabled: !endpoint.enabled },
      {
        onSuccess: (saved) =>
          notifications.show({
            color: 'green',
            message: saved.enabled ? t('switch.enabled') : t('switch.disabled'),
          }),
        onError: failed(t('switch.failed')),
      },
    );

  const list = endpoints.data?.endpoints ?? [];
  return (
    <>
      <PageTitle
        description={t('intro')}
        actions={
          <Button
            leftSection={<IconPlus size={16} aria-hidden="true" />}
            onClick={() => setForm({ open: true, endpoint: null })}
          >
            {t('add')}
          </Button>
        }
      >
        {t('title')}
      </PageTitle>
      <Stack gap="lg">
        <SectionCard
          title={t('endpointsTitle')}
          description={
            <>
              {t('docsHint')}{' '}
              <Anchor href="/docs/api" fz="sm">
                {t('docsLink')}
              </Anchor>
            </>
          }
        >
          {endpoints.isPending ? (
            <ListLoading label={t('loading')} />
          ) : endpoints.isError ? (
            <ListLoadFailed
              message={t('loadFailed', { error: endpoints.error.message })}
              retryLabel={t('retry')}
              onRetry={() => void endpoints.refetch()}
            />
          ) : list.length === 0 ? (
            <ListEmpty icon={<IconWebhook size={24} />} title={t('empty')} hint={t('emptyHint')} />
          ) : (
            <Table.ScrollContainer minWidth={720}>
              <Table highlightOnHover>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('columns.url')}</Table.Th>
                    <Table.Th>{t('columns.events')}</Table.Th>
                    <Table.Th>{t('columns.status')}</Table.Th>
                    <Table.Th>{t('columns.lastDelivery')}</Table.Th>
                    <Table.Th w={60}>
                      <VisuallyHidden>{t('columns.actions')}</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.map((endpoint) => (
                    <Table.Tr key={endpoint.id} data-endpoint-id={endpoint.id}>
                      <Table.Td maw={340}>
                        <Text fz="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                          {endpoint.url}
                        </Text>
                        {endpoint.description && (
                          <Text fz="xs" c="dimmed">
                            {endpoint.description}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Tooltip label={endpoint.events.join(', ')} multiline maw={320} withArrow>
                          <Badge variant="outline" color="gray" tt="none">
                            {t('eventCount', { count: endpoint.events.length })}
                          </Badge>
                        </Tooltip>
                      </Table.Td>
                      <Table.Td>
                        <StatusBadge endpoint={endpoint} />
                      </Table.Td>
                      <Table.Td>
                        {endpoint.last_delivery_at && endpoint.last_delivery_status ? (
                          <Group gap={6} wrap="nowrap">
                            <DeliveryStatusBadge status={endpoint.last_delivery_status} />
                            <Text fz="xs" c="dimmed">
                              {when.format(new Date(endpoint.last_delivery_at))}
                            </Text>
                          </Group>
                        ) : (
                          <Text fz="sm" c="dimmed">
                            {t('never')}
                          </Text>
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Menu position="bottom-end" withinPortal>
                          <Menu.Target>
                            <ActionIcon
                              variant="subtle"
                              color="gray"
                              aria-label={t('actions.menu', { url: endpoint.url })}
                            >
                              <IconDots size={18} aria-hidden="true" />
                            </ActionIcon>
                          </Menu.Target>
                          <Menu.Dropdown>
                            <Menu.Item onClick={() => setForm({ open: true, endpoint })}>
                              {t('actions.edit')}
                            </Menu.Item>
                            <Menu.Item onClick={() => test(endpoint)} disabled={!endpoint.enabled}>
                              {t('actions.test')}
                            </Menu.Item>
                            <Menu.Item onClick={() => showSecret(endpoint, 'reveal')}>
                              {t('actions.reveal')}
                            </Menu.Item>
                            <Menu.Item onClick={() => askRoll(endpoint)}>{t('actions.roll')}</Menu.Item>
                            <Menu.Item onClick={() => flip(endpoint)}>
                              {endpoint.enabled ? t('actions.disable') : t('actions.enable')}
                            </Menu.Item>
                            <Menu.Divider />
                            <Menu.Item color="red" onClick={() => askDelete(endpoint)}>
                              {t('actions.delete')}
                            </Menu.Item>
                          </Menu.Dropdown>
                        </Menu>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </SectionCard>
        <DeliveryLog endpoints={list} />
      </Stack>
      <EndpointFormModal
        opened={form.open}
        endpoint={form.open ? form.endpoint : null}
        onClose={() => setForm({ open: false })}
        onCreated={(created) => setSecret({ kind: 'created', url: created.url, secret: created.secret })}
      />
      <SecretModal view={secret} onClose={() => setSecret(null)} />
    </>
  );
}
