// The alerts the station received, latest first: when, the event with its severity, what it
// updates or cancels, what it became, and the drafted message (opened on the Messages page).
import { Badge, Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCloudStorm } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { codeText } from '../../api/error-words';
import { ListEmpty, ListLoadFailed, ListLoading } from '../../components/ListStates';
import { useAdminPhone } from '../../components/use-admin-phone';
import { useTranslation } from '../../i18n/react';
import { useUiLanguage } from '../../i18n/use-ui-language';
import type { TOpenMessageState } from '../../lib/open-message';
import { getWeatherAlert, type TWeatherAlert } from './api';
import { useWeatherAlertsQuery } from './queries';

export const SEVERITY_COLORS: Record<string, string> = {
  Extreme: 'red',
  Severe: 'orange',
  Moderate: 'yellow',
  Minor: 'blue',
  Unknown: 'gray',
};

const OUTCOME_COLORS: Record<TWeatherAlert['outcome'], string> = {
  drafted: 'blue',
  auto_sent: 'green',
  approval_requested: 'grape',
  auto_send_waiting: 'cyan',
  send_refused: 'red',
  ignored_event: 'gray',
  ignored_severity: 'gray',
  ignored_cancel: 'gray',
  failed: 'red',
};

function SeverityBadge({ severity }: { severity: string }) {
  const { t } = useTranslation('weather');
  const known = severity in SEVERITY_COLORS;
  return (
    <Badge color={SEVERITY_COLORS[severity] ?? 'gray'} variant="filled" size="sm">
      {known ? t(`severity.${severity as 'Extreme'}`) : severity}
    </Badge>
  );
}

function Outcome({ alert }: { alert: TWeatherAlert }) {
  const { t } = useTranslation('weather');
  const reason = alert.error_code ? codeText(alert.error_code, alert.error_params) : null;
  return (
    <Stack gap={2} align="flex-start">
      <Badge color={OUTCOME_COLORS[alert.outcome]} variant="light" size="sm">
        {t(`alerts.outcome.${alert.outcome}`)}
      </Badge>
      {reason && (
        <Text fz="xs" c="red.8">
          {reason}
        </Text>
      )}
    </Stack>
  );
}

function AlertSummary({ alert }: { alert: TWeatherAlert }) {
  const { t } = useTranslation('weather');
  return (
    <Stack gap={4}>
      <Group gap={6}>
        <SeverityBadge severity={alert.severity} />
        <Text fw={600} fz="sm">
          {alert.event}
        </Text>
        {alert.kind !== 'Alert' && (
          <Badge variant="outline" color="gray" size="sm">
            {t(`alerts.kind.${alert.kind}`)}
          </Badge>
        )}
      </Group>
      <Text fz="sm">{alert.headline}</Text>
      <Text fz="xs" c="dimmed">
        {alert.area}
      </Text>
      {alert.original && (
        <Text fz="xs" c="dimmed">
          {t(alert.kind === 'Cancel' ? 'alerts.cancels' : 'alerts.updates', {
            headline: alert.original.headline,
          })}
        </Text>
      )}
    </Stack>
  );
}

function OpenMessage({ alert }: { alert: TWeatherAlert }) {
  const { t } = useTranslation('weather');
  const navigate = useNavigate();
  const [opening, setOpening] = useState(false);
  if (!alert.message) return null;
  async function open() {
    setOpening(true);
    try {
      const detail = await getWeatherAlert(alert.id);
      if (!detail.message) {
        notifications.show({ color: 'red', message: t('alerts.messageGone') });
        return;
      }
      navigate('/admin/messages', { state: { openMessage: detail.message } satisfies TOpenMessageState });
    } catch (error) {
      notifications.show({ color: 'red', message: (error as Error).message });
    } finally {
      setOpening(false);
    }
  }
  return (
    <Button size="xs" variant="light" onClick={open} loading={opening}>
      {t('alerts.open')}
    </Button>
  );
}

export function WeatherAlertList() {
  const { t } = useTranslation('weather');
  const language = useUiLanguage();
  const phone = useAdminPhone();
  const alerts = useWeatherAlertsQuery();
  const when = (iso: string) =>
    new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

  if (alerts.isPending) return <ListLoading label={t('alerts.loading')} />;
  if (alerts.isError) {
    return (
      <ListLoadFailed
        message={t('alerts.loadFailed')}
        retryLabel={t('settings.retry')}
        onRetry={() => alerts.refetch()}
      />
    );
  }
  if (alerts.data.length === 0) {
    return (
      <ListEmpty icon={<IconCloudStorm size={24} />} title={t('alerts.empty')} hint={t('alerts.emptyHint')} />
    );
  }
  if (phone) {
    return (
      <Stack gap="sm">
        {alerts.data.map((alert) => (
          <Card key={alert.id} withBorder p="sm">
            <Stack gap="xs">
              <Text fz="xs" c="dimmed">
                {when(alert.received_at)}
              </Text>
              <AlertSummary alert={alert} />
              <Group justify="space-between" align="flex-end">
                <Outcome alert={alert} />
                <OpenMessage alert={alert} />
              </Group>
            </Stack>
          </Card>
        ))}
      </Stack>
    );
  }
  return (
    <Table verticalSpacing="sm" highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={150}>{t('alerts.received')}</Table.Th>
          <Table.Th>{t('alerts.alert')}</Table.Th>
          <Table.Th w={200}>{t('alerts.became')}</Table.Th>
          <Table.Th w={140} />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {alerts.data.map((alert) => (
          <Table.Tr key={alert.id}>
            <Table.Td valign="top">
              <Text fz="sm">{when(alert.received_at)}</Text>
            </Table.Td>
            <Table.Td valign="top">
              <AlertSummary alert={alert} />
            </Table.Td>
            <Table.Td valign="top">
              <Outcome alert={alert} />
            </Table.Td>
            <Table.Td valign="top" ta="right">
              <OpenMessage alert={alert} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
