// The bar across the admin area while a superadmin views a station as its admin: which station,
// and the way back to the superadmin's list of stations.
import { Button, Group, Paper, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { useExitStationMutation } from './queries';

export function ViewingAsBar({ stationName }: { stationName: string }) {
  const { t } = useTranslation('superadmin');
  const navigate = useNavigate();
  const exitStation = useExitStationMutation({ onExited: () => navigate('/admin/superadmin') });

  return (
    <Paper
      bg="orange.6"
      c="white"
      px="md"
      py="xs"
      radius="md"
      mb="md"
      role="region"
      aria-label={t('bar.label')}
    >
      <Group justify="space-between" wrap="nowrap">
        <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
          <IconEye size={18} aria-hidden="true" />
          <Text fw={600} truncate>
            {t('viewingAs', { station: stationName })}
          </Text>
        </Group>
        <Button
          size="xs"
          variant="white"
          color="orange"
          loading={exitStation.isPending}
          onClick={() => exitStation.mutate()}
        >
          {t('exitView')}
        </Button>
      </Group>
    </Paper>
  );
}
