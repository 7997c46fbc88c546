// The superadmin's stations at a glance, from the rows the dashboard already lists: how many are in
// each payment state, how many send SMS, and the SMS credits they hold between them.
import { Box, SimpleGrid, Text } from '@mantine/core';
import { PAYMENT_STATUSES, type TSuperadminStationRow } from '@message-station/shared';
import { SectionCard } from '../../components/SectionCard';
import { formatCount } from '../../i18n/formats';
import { useTranslation } from '../../i18n/react';

export function StationsOverview({ stations }: { stations: TSuperadminStationRow[] }) {
  const { t } = useTranslation('superadmin');
  const figures = [
    ...PAYMENT_STATUSES.map((status) => ({
      key: status,
      label: t(`overview.status.${status}`),
      value: stations.filter((station) => station.payment_status === status).length,
    })),
    {
      key: 'sms',
      label: t('overview.smsOn'),
      value: stations.filter((station) => station.sms_enabled).length,
    },
    {
      key: 'credits',
      label: t('overview.credits'),
      value: stations.reduce((sum, station) => sum + (station.sms_credits ?? 0), 0),
    },
  ];
  return (
    <SectionCard title={t('overview.title')}>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }} spacing="md">
        {figures.map((figure) => (
          <Box key={figure.key} role="group" aria-label={figure.label}>
            <Text fz="sm" c="dimmed">
              {figure.label}
            </Text>
            <Text fz="xl" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {formatCount(figure.value)}
            </Text>
          </Box>
        ))}
      </SimpleGrid>
    </SectionCard>
  );
}
