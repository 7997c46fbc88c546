// /admin/dashboard, in the order an admin needs it (decision 0085): the welcome line ('Welcome' on
// a first visit); then what waits for the admin (the server's urgent alerts, texts held after a
// restore, a new station's first-run checklist), then the quiet notices (the trial's date, SMS off);
// then how the station is doing (the six cards, SMS sent per day, Recent Activity); the desktop app
// last, as a line. A failed load offers Retry. Live: the station's events read again what they
// change (use-dashboard-stream.ts).
import { Alert, Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconDeviceDesktop } from '@tabler/icons-react';
import { Link } from 'react-router';
import { serverErrorText } from '../../api/client';
import { useSessionUser } from '../../app/session-user';
import { CardGridLoading } from '../../components/ListStates';
import { PageTitle } from '../../components/PageTitle';
import { useTranslation } from '../../i18n/react';
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
            <DashboardAlerts alerts={dashboard.data.alerts} urgency="urgent" />
            <HeldTextsNotice />
            <FirstRunChecklist />
            <DashboardAlerts alerts={dashboard.data.alerts} urgency="notice" />
            <StatCards data={dashboard.data} />
            <SmsPerDayChart
              days={dashboard.data.stats.smsPerDay}
              timeZone={dashboard.data.station.time_zone}
            />
          </>
        )}
        <ActivityCard />
        <DesktopAppLine />
      </Stack>
    </>
  );
}

/** The desktop app for Windows, macOS and Linux (no Node.js needed): a quiet line under the rest. */
function DesktopAppLine() {
  const { t } = useTranslation('dashboard');
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start" px="xs">
      <IconDeviceDesktop
        size={18}
        aria-hidden="true"
        color="var(--mantine-color-dimmed)"
        style={{ flexShrink: 0, marginTop: 2 }}
      />
      <Text fz="sm" c="dimmed">
        <Text span fz="sm" fw={500} c="var(--mantine-color-text)">
          {t('desktopApp.title')}
        </Text>
        {' · '}
        {t('desktopApp.text')}{' '}
        <Anchor component={Link} to="/admin/download" fz="sm">
          {t('desktopApp.download')}
        </Anchor>
      </Text>
    </Group>
  );
}
