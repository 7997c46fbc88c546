// /admin/schedules: the station's scheduled sends, upcoming (soonest first) or past, with how each
// run went. A message is scheduled from its detail (Messages → a message → Schedule).
import { Button, Card, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconCalendarTime } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ListEmpty, ListLoadFailed, ListLoading } from '../../components/ListStates';
import { PageTitle } from '../../components/PageTitle';
import { useTranslation } from '../../i18n/react';
import { useUiLanguage } from '../../i18n/use-ui-language';
import { useAdminStationQuery } from '../../lib/station-queries';
import { zoneLabel } from '../../lib/time-format';
import { useSchedulesQuery } from './queries';
import { ScheduleList } from './ScheduleList';

export function SchedulesPage() {
  const { t } = useTranslation('schedules');
  const language = useUiLanguage();
  const [status, setStatus] = useState<'upcoming' | 'past'>('upcoming');
  const schedules = useSchedulesQuery({ status });
  const station = useAdminStationQuery();

  return (
    <>
      <PageTitle>{t('title')}</PageTitle>
      <Card p={{ base: 'md', lg: 'lg' }}>
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
            <ListEmpty
              icon={<IconCalendarTime size={24} />}
              title={status === 'upcoming' ? t('emptyUpcoming') : t('emptyPast')}
              action={
                status === 'upcoming' && (
                  <Button component={Link} to="/admin/messages" variant="light">
                    {t('openMessages')}
                  </Button>
                )
              }
            />
          ) : (
            <ScheduleList schedules={schedules.data} />
          )}
        </Stack>
      </Card>
    </>
  );
}
