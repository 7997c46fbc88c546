// /admin/schedules: the station's scheduled sends, upcoming (soonest first) or past, with how each
// run went. A message is scheduled from its detail (Messages → a message → Schedule).
import { Card, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ListLoadFailed, ListLoading } from '../../components/ListStates';
import { PageTitle } from '../../components/PageTitle';
import { useUiLanguage } from '../../i18n/use-ui-language';
import { useAdminStationQuery } from '../messages/queries';
import { useSchedulesQuery } from './queries';
import { ScheduleList } from './ScheduleList';
import { zoneLabel } from './schedule-words';

export function SchedulesPage() {
  const { t } = useTranslation('schedules');
  const language = useUiLanguage();
  const [status, setStatus] = useState<'upcoming' | 'past'>('upcoming');
  const schedules = useSchedulesQuery({ status });
  const station = useAdminStationQuery();

  return (
    <>
      <PageTitle>{t('title')}</PageTitle>
      <Card withBorder shadow="sm" radius="md" p={{ base: 'md', lg: 'lg' }}>
        <Stack gap="md">
          <Group justify="space-between" gap="sm">
            <Title order={2} fz="h3">
              {t('cardTitle')}
            </Title>
            <SegmentedControl
              value={status}
              onChange={(value) => setStatus(value as 'upcoming' | 'past')}
              data={[
                { value: 'upcoming', label: t('upcoming') },
                { value: 'past', label: t('past') },
              ]}
              aria-label={t('which')}
            />
          </Group>
          <Text c="dimmed" fz="sm">
            {station.data
              ? t('intro', { zone: zoneLabel(station.data.time_zone, language) })
              : t('introNoZone')}
          </Text>
          {schedules.isPending ? (
            <ListLoading label={t('loading')} />
          ) : schedules.isError ? (
            <ListLoadFailed
              message={t('loadFailed')}
              retryLabel={t('retry')}
              onRetry={() => schedules.refetch()}
            />
          ) : schedules.data.length === 0 ? (
            <Text c="dimmed" ta="center" py="xl">
              {status === 'upcoming' ? t('emptyUpcoming') : t('emptyPast')}
            </Text>
          ) : (
            <ScheduleList schedules={schedules.data} />
          )}
        </Stack>
      </Card>
    </>
  );
}
