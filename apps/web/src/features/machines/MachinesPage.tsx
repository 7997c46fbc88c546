// /admin/machines: the station computers running the desktop app, live (spec §2 Machines, §4
// Connected clients list): the title with its live indicator, how to connect one, and the table.
import { Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ListLoading } from '../../components/ListStates';
import { useDocumentTitle } from '../../components/use-document-title';
import { LiveIndicator } from '../messages/LiveIndicator';
import { MachinesTable } from './MachinesTable';
import { useConnectedClients } from './use-connected-clients';

export function MachinesPage() {
  const { t } = useTranslation('admin', { keyPrefix: 'machines' });
  useDocumentTitle(t('title'));
  const { clients, status } = useConnectedClients('reload');
  const count = clients.data?.length ?? 0;

  return (
    <>
      <Group gap="md" mb="xs" align="center">
        <Title order={1}>{t('title')}</Title>
        <LiveIndicator status={status} />
      </Group>
      <Text c="dimmed" mb="lg" maw={820}>
        <Trans
          t={t}
          i18nKey="intro"
          components={{ download: <Anchor component={Link} to="/admin/download" /> }}
        />
      </Text>

      <Card withBorder shadow="sm" radius="md" p={{ base: 'md', lg: 'lg' }}>
        <Title order={2} fz="h3" mb="md">
          {clients.data ? t('cardTitle', { count }) : t('cardTitleLoading')}
        </Title>
        {clients.isPending ? (
          <ListLoading label={t('loading')} />
        ) : count === 0 ? (
          <Stack align="center" gap="md" py="xl">
            <Text c="dimmed" ta="center" maw={520}>
              {t('empty')}
            </Text>
            <Button
              component={Link}
              to="/admin/download"
              variant="light"
              leftSection={<IconDownload size={16} aria-hidden="true" />}
            >
              {t('getApp')}
            </Button>
          </Stack>
        ) : (
          <MachinesTable clients={clients.data ?? []} />
        )}
      </Card>
    </>
  );
}
