// /admin/dashboard: the welcome line ('Welcome' on a first visit), the desktop
// app banner, the server's alerts, a new station's first-run checklist, the six cards, SMS sent per
// day, and Recent Activity; a failed load offers Retry. Live: the station's events read again what
// they change (use-dashboard-stream.ts).
import { Alert, Button, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertCircle, IconDeviceDesktop } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { serverErrorText } from '../../api/client';
import { useSessionUser } from '../../app/session-user';
import { CardGridLoading } from '../../components/ListStates';
import { PageTitle } from '../../components/PageTitle';
import { useAdminPhone } from '../../components/use-admin-phone';
import { ActivityCard } from './ActivityCard';
import { DashboardAlerts } from './DashboardAlerts';
import { FirstRunChecklist } from './FirstRunChecklist';
import { HeldTextsNotice } from './HeldTextsNotice';
import { useDashboardStatsQuery } from './queries';
import { SmsPerDayChart } from './SmsPerDayChart';
import { StatCards } from './StatCards';
import { useDashboardStream } from './use-dashboard-stream';

export function DashboardPage() {
  const { t } = useTranslation('dashboard');
  const user = useSessionUser();
  const dashboard = useDashboardStatsQuery();
  // Joins, texts and messages elsewhere show here without a reload.
  useDashboardStream();
  const stationName = dashboard.data?.station.display_name || user.stationName;

  return (
    <>
      <PageTitle>{t('title')}</PageTitle>
      <Stack gap="lg">
        <div>
          <Text fz="lg" fw={500}>
            {t(user.firstVisit ? 'welcomeFirst' : 'welcome', { name: user.fullName })}
          </Text>
          <Text c="dimmed">{t('stationLine', { station: stationName })}</Text>
        </div>
        <DesktopAppBanner />
        {dashboard.isPending ? (
          <CardGridLoading label={t('loading')} />
        ) : dashboard.isError ? (
          <Alert color="red" title={t('loadFailed')} icon={<IconAlertCircle size={18} aria-hidden="true" />}>
            <Stack gap="xs" align="flex-start">
              <Text fz="sm">{serverErrorText(dashboard.error, t('loadFailedFallback'))}</Text>
              <Button size="xs" variant="white" color="red" onClick={() => void dashboard.refetch()}>
                {t('retry')}
              </Button>
            </Stack>
          </Alert>
        ) : (
          <>
            <DashboardAlerts alerts={dashboard.data.alerts} />
            <HeldTextsNotice />
            <FirstRunChecklist />
            <StatCards data={dashboard.data} />
            <SmsPerDayChart
              days={dashboard.data.stats.smsPerDay}
              timeZone={dashboard.data.station.time_zone}
            />
          </>
        )}
        <ActivityCard />
      </Stack>
    </>
  );
}

/** The desktop app for Windows, macOS and Linux (no Node.js needed), and the way to its download. */
function DesktopAppBanner() {
  const { t } = useTranslation('dashboard');
  // On a phone (decision 0043) the button goes under the text instead of squeezing it.
  const phone = useAdminPhone();
  return (
    <Paper withBorder radius="lg" shadow="xs" p="md">
      <Group justify="space-between" wrap={phone ? 'wrap' : 'nowrap'} gap="md">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon size="lg" radius="md" variant="filled" color="dark" aria-hidden="true">
            <IconDeviceDesktop size={20} />
          </ThemeIcon>
          <div>
            <Text fw={600}>{t('desktopApp.title')}</Text>
            <Text fz="sm" c="dimmed">
              {t('desktopApp.text')}
            </Text>
          </div>
        </Group>
        <Button component={Link} to="/admin/download" variant="default" style={{ flexShrink: 0 }}>
          {t('desktopApp.download')}
        </Button>
      </Group>
    </Paper>
  );
}
