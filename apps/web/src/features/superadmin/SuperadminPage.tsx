// /admin/superadmin: platform totals, every station with 'View as Admin' and its SMS sending, the
// stations at a glance (payment states, SMS, credits), and the station being viewed with 'Exit
// View'. Anyone else goes back to the dashboard.
import { Alert, Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { TSuperadminStationRow } from '@message-station/shared';
import { IconArrowLeft, IconBuildingBroadcastTower, IconEye } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { ListLoadFailed, ListLoading } from '../../components/ListStates';
import { PageTitle } from '../../components/PageTitle';
import { SectionCard } from '../../components/SectionCard';
import { formatCount } from '../../i18n/formats';
import { useTranslation } from '../../i18n/react';
import {
  useExitStationMutation,
  useSuperadminDashboardQuery,
  useSuperadminStatusQuery,
  useSwitchStationMutation,
} from './queries';
import { SmsSendingModal } from './SmsSendingModal';
import { StationsOverview } from './StationsOverview';
import { StationsTable } from './StationsTable';

export function SuperadminPage() {
  const { t } = useTranslation('superadmin');
  const navigate = useNavigate();
  const status = useSuperadminStatusQuery();
  const dashboard = useSuperadminDashboardQuery(status.data?.is_superadmin === true);
  const switchStation = useSwitchStationMutation();
  const exitStation = useExitStationMutation();
  const [sendingStation, setSendingStation] = useState<TSuperadminStationRow | null>(null);

  if (status.data && !status.data.is_superadmin) return <Navigate to="/admin/dashboard" replace />;

  const viewAsAdmin = (station: TSuperadminStationRow) =>
    switchStation.mutate(station.id, {
      onSuccess: () => navigate('/admin/dashboard'),
      onError: (error) => {
        console.error('Failed to switch station', error);
        window.alert(t('switchFailed'));
      },
    });

  const header = (
    <PageTitle
      actions={
        <Button
          component={Link}
          to="/admin/dashboard"
          variant="default"
          leftSection={<IconArrowLeft size={16} aria-hidden="true" />}
        >
          {t('backToAdmin')}
        </Button>
      }
    >
      {t('title')}
    </PageTitle>
  );

  if (status.isError || dashboard.isError) {
    const failed = status.isError ? status : dashboard;
    return (
      <>
        {header}
        <ListLoadFailed
          message={t('loadFailed', { error: failed.error?.message ?? '' })}
          retryLabel={t('retry')}
          onRetry={() => void failed.refetch()}
        />
      </>
    );
  }

  if (!dashboard.data) {
    return (
      <>
        {header}
        <ListLoading label={t('loading')} />
      </>
    );
  }

  const { stats, stations, viewing_station: viewing } = dashboard.data;
  const tiles = [
    { label: t('stats.totalStations'), value: stats.total_stations },
    { label: t('stats.totalUsers'), value: stats.total_users },
    { label: t('stats.totalMessages'), value: stats.total_messages },
    { label: t('stats.smsSubscribers'), value: stats.total_sms_subscribers },
  ];

  return (
    <>
      {header}
      <Stack gap="lg">
        {viewing && (
          <Alert color="orange" icon={<IconEye size={20} aria-hidden="true" />}>
            <Group justify="space-between">
              <Text fw={600}>{t('viewingAs', { station: viewing.display_name })}</Text>
              <Button
                size="xs"
                color="orange"
                loading={exitStation.isPending}
                onClick={() => exitStation.mutate()}
              >
                {t('exitView')}
              </Button>
            </Group>
          </Alert>
        )}

        <SimpleGrid cols={4} spacing="lg">
          {tiles.map((tile) => (
            <Card key={tile.label} p="lg" role="group" aria-label={tile.label}>
              <Text fz="sm" c="dimmed" fw={600}>
                {tile.label}
              </Text>
              <Text fz="h1" fw={600} lh={1.15} mt={4}>
                {formatCount(tile.value)}
              </Text>
            </Card>
          ))}
        </SimpleGrid>

        <SectionCard title={t('stations.title')}>
          {stations.length === 0 ? (
            <EmptyState icon={<IconBuildingBroadcastTower size={24} />} title={t('stations.empty')} />
          ) : (
            <StationsTable
              stations={stations}
              viewingStationId={viewing?.id ?? null}
              switchingId={switchStation.isPending ? switchStation.variables : null}
              onViewAsAdmin={viewAsAdmin}
              onSmsSending={setSendingStation}
            />
          )}
        </SectionCard>

        {stations.length > 0 && <StationsOverview stations={stations} />}
      </Stack>
      <SmsSendingModal station={sendingStation} onClose={() => setSendingStation(null)} />
    </>
  );
}
