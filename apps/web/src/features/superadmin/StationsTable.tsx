// 'All Stations': every station with its plan, SMS switch, counts and credits, the way in as its
// admin, and its own SMS sender and pace (decision 0016).
import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import type { TSuperadminStationRow } from '@message-station/shared';
import { IconEye, IconGauge } from '@tabler/icons-react';
import { formatCount } from '../../i18n/formats';
import { useTranslation } from '../../i18n/react';

/** Badges keep their whole word when the Actions column takes the room (they clip otherwise). */
const WHOLE = { flexShrink: 0 };

type StationsTableProps = {
  stations: TSuperadminStationRow[];
  viewingStationId: string | null;
  /** The station being switched into, while the call runs. */
  switchingId: string | null;
  onViewAsAdmin: (station: TSuperadminStationRow) => void;
  onSmsSending: (station: TSuperadminStationRow) => void;
};

export function StationsTable({
  stations,
  viewingStationId,
  switchingId,
  onViewAsAdmin,
  onSmsSending,
}: StationsTableProps) {
  const { t } = useTranslation('superadmin');

  return (
    <Table.ScrollContainer minWidth={760}>
      <Table highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('stations.columns.station')}</Table.Th>
            <Table.Th>{t('stations.columns.status')}</Table.Th>
            <Table.Th ta="right">{t('stations.columns.users')}</Table.Th>
            <Table.Th ta="right">{t('stations.columns.messages')}</Table.Th>
            <Table.Th ta="right">{t('stations.columns.smsCredits')}</Table.Th>
            <Table.Th>{t('stations.columns.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {stations.map((station) => (
            <Table.Tr key={station.id}>
              <Table.Td>
                <Stack gap={0}>
                  <Text fz="sm" fw={600}>
                    {station.display_name}
                  </Text>
                  <Text fz="xs" c="dimmed">
                    {station.slug}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  {station.payment_status === 'paid' ? (
                    <Badge color="green" variant="light" style={WHOLE}>
                      {t('stations.paid')}
                    </Badge>
                  ) : (
                    <Badge color="gray" variant="light" style={WHOLE}>
                      {t('stations.free')}
                    </Badge>
                  )}
                  {station.sms_enabled && (
                    <Badge color="blue" variant="outline" style={WHOLE}>
                      {t('stations.sms')}
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td ta="right">{formatCount(station.user_count)}</Table.Td>
              <Table.Td ta="right">{formatCount(station.message_count)}</Table.Td>
              <Table.Td ta="right">
                {station.sms_credits === null ? t('stations.noCredits') : formatCount(station.sms_credits)}
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  {station.id === viewingStationId ? (
                    <Badge color="orange" variant="filled">
                      {t('stations.viewing')}
                    </Badge>
                  ) : (
                    <Button
                      size="compact-sm"
                      variant="light"
                      leftSection={<IconEye size={14} aria-hidden="true" />}
                      loading={switchingId === station.id}
                      disabled={switchingId !== null && switchingId !== station.id}
                      onClick={() => onViewAsAdmin(station)}
                    >
                      {t('stations.viewAsAdmin')}
                    </Button>
                  )}
                  <Button
                    size="compact-sm"
                    variant="default"
                    leftSection={<IconGauge size={14} aria-hidden="true" />}
                    onClick={() => onSmsSending(station)}
                  >
                    {t('sending.action')}
                  </Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
