// The Users page's "API keys for integrations" card: the station's keys for the public
// API with their scopes, limit and last use, Create API key, and Revoke after a confirmation. Not
// the desktop app's keys: those belong to each user (the API Key column above).
import { Alert, Anchor, Badge, Button, Card, Group, Modal, Stack, Table, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { formatRelativeTime, type TStationKey } from '@message-station/shared';
import { IconKey, IconPlus } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { ListEmpty, ListLoading } from '../../components/ListStates';
import { ListTable } from '../../components/ListTable';
import { destructive, MoreActionsMenu } from '../../components/MoreActionsMenu';
import { useTranslation } from '../../i18n/react';
import { uiLocale } from '../../i18n/relative-age';
import { CreateStationKeyModal } from './CreateStationKeyModal';
import { SCOPE_WORDS, useRevokeStationKeyMutation, useStationKeysQuery } from './station-keys-queries';
import { userErrorText } from './user-error';

export function StationKeysCard() {
  const { t } = useTranslation('apiKeys');
  const titleId = useId();
  const keys = useStationKeysQuery();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<TStationKey | null>(null);

  return (
    <Card p={{ base: 'md', lg: 'lg' }} mt="lg" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" align="flex-start" gap="sm" mb="xs">
        <Title order={2} fz="h3" id={titleId}>
          {t('title')}
        </Title>
        {/* The page's filled action is Add User; a key is made less often. */}
        <Button
          variant="default"
          leftSection={<IconPlus size={16} aria-hidden="true" />}
          onClick={() => setCreating(true)}
        >
          {t('create')}
        </Button>
      </Group>
      <Stack gap={4} mb="md">
        <Text fz="sm" c="dimmed">
          {t('intro')} {/* A page of the server, not of the app: a full load. */}
          <Anchor href="/docs/api" fz="sm">
            {t('docsLink')}
          </Anchor>
        </Text>
        <Text fz="sm" c="dimmed">
          {t('desktopNote')}
        </Text>
      </Stack>

      {keys.isPending ? (
        <ListLoading label={t('loading')} />
      ) : keys.isError ? (
        <Alert color="red" role="alert">
          {t('loadFailed')}
        </Alert>
      ) : keys.data.length === 0 ? (
        <ListEmpty icon={<IconKey size={24} />} title={t('empty')} />
      ) : (
        <StationKeysTable keys={keys.data} onRevoke={setRevoking} />
      )}

      <CreateStationKeyModal opened={creating} onClose={() => setCreating(false)} />
      <RevokeStationKeyModal stationKey={revoking} onClose={() => setRevoking(null)} />
    </Card>
  );
}

function StationKeysTable({ keys, onRevoke }: { keys: TStationKey[]; onRevoke: (key: TStationKey) => void }) {
  const { t, i18n } = useTranslation(['apiKeys', 'common']);
  const locale = uiLocale(i18n.resolvedLanguage);
  const dates = new Intl.DateTimeFormat(locale, { dateStyle: 'medium' });
  const now = new Date();
  return (
    <ListTable
      columns={[
        t('columns.name'),
        t('columns.key'),
        t('columns.scopes'),
        t('columns.rateLimit'),
        t('columns.lastUsed'),
        t('columns.created'),
        t('columns.actions'),
      ]}
    >
      {keys.map((key) => (
        <Table.Tr key={key.id} data-station-key-id={key.id}>
          <Table.Td>
            <Text fz="sm" fw={500} truncate="end" maw={220} title={key.name}>
              {key.name}
            </Text>
          </Table.Td>
          <Table.Td>
            <Text fz="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
              {key.key_prefix}…
            </Text>
          </Table.Td>
          <Table.Td>
            <Group gap={4} maw={300}>
              {key.scopes.map((scope) => (
                <Badge key={scope} variant="light" color="blue" tt="none" title={t(SCOPE_WORDS[scope])}>
                  {scope}
                </Badge>
              ))}
            </Group>
          </Table.Td>
          <Table.Td>
            <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
              {t('perMinute', { count: key.rate_limit_per_minute })}
            </Text>
          </Table.Td>
          <Table.Td>
            <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
              {key.last_used_at
                ? formatRelativeTime(key.last_used_at, {
                    locale,
                    now,
                    dayLimit: 30,
                    style: 'long',
                    yesterday: true,
                    justNow: t('common:age.now'),
                  })
                : t('neverUsed')}
            </Text>
          </Table.Td>
          <Table.Td>
            <Text fz="sm" style={{ whiteSpace: 'nowrap' }}>
              {dates.format(new Date(key.created_at))}
            </Text>
            {key.created_by && (
              <Text fz="xs" c="dimmed" truncate="end" maw={180}>
                {t('createdBy', { name: key.created_by.name })}
              </Text>
            )}
          </Table.Td>
          <Table.Td>
            <MoreActionsMenu
              label={t('moreLabel', { name: key.name })}
              row
              actions={[destructive(t('revoke'), () => onRevoke(key), t('revokeLabel', { name: key.name }))]}
            />
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}

function RevokeStationKeyModal({
  stationKey,
  onClose,
}: {
  stationKey: TStationKey | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('apiKeys');
  const revoke = useRevokeStationKeyMutation();
  const close = () => {
    revoke.reset();
    onClose();
  };
  const confirm = () => {
    if (!stationKey) return;
    revoke.mutate(stationKey.id, {
      onSuccess: () => {
        notifications.show({ color: 'green', message: t('revokeDialog.revoked', { name: stationKey.name }) });
        close();
      },
    });
  };
  return (
    <Modal opened={stationKey !== null} onClose={close} title={t('revokeDialog.title')}>
      {stationKey && (
        <Stack gap="md">
          <Text fz="sm">
            {t('revokeDialog.text', { name: stationKey.name, prefix: stationKey.key_prefix })}
          </Text>
          {revoke.isError && (
            <Alert color="red" role="alert">
              {userErrorText(revoke.error, t('revokeDialog.failed'))}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              {t('revokeDialog.cancel')}
            </Button>
            <Button color="red" loading={revoke.isPending} onClick={confirm}>
              {t('revokeDialog.confirm')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
