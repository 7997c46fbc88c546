// The server's alerts above the cards: coloured by type, worded here from
// their code in the page's language, with an optional button to the page that resolves them.
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { TDashboardAlert } from '../../api/dashboard';
import { formatDate } from '../../lib/time-format';

const LOOK = {
  info: { color: 'blue', Icon: IconInfoCircle },
  warning: { color: 'yellow', Icon: IconAlertTriangle },
  error: { color: 'red', Icon: IconAlertCircle },
  success: { color: 'green', Icon: IconCircleCheck },
} as const;

/** The button of each alert, by the page it leads to. */
const ACTION_WORDS = {
  no_subscription: 'billing',
  payment_failed: 'billing',
  trial_ending: 'choosePlan',
  trial_active: 'choosePlan',
  sms_disabled: 'settings',
  low_credits: 'addCredits',
  send_requests: 'messages',
  approval_needs_admins: 'settings',
} as const;

function useAlertWords() {
  const { t, i18n } = useTranslation('dashboard', { keyPrefix: 'alerts' });
  const text = (alert: TDashboardAlert) => {
    if (alert.code === 'trial_ending') return t('trial_ending', { count: alert.params?.days ?? 0 });
    if (alert.code === 'send_requests') return t('send_requests', { count: alert.params?.count ?? 0 });
    if (alert.code === 'approval_needs_admins') {
      return t('approval_needs_admins', { count: alert.params?.admins ?? 0 });
    }
    if (alert.code === 'trial_active') {
      return t('trial_active', { date: formatDate(alert.date ?? '', i18n.resolvedLanguage ?? 'en') });
    }
    return t(alert.code, { credits: alert.params?.credits ?? 0 });
  };
  return (alert: TDashboardAlert) => ({
    text: text(alert),
    action: t(`actions.${ACTION_WORDS[alert.code]}`),
  });
}

export function DashboardAlerts({ alerts }: { alerts: TDashboardAlert[] }) {
  const words = useAlertWords();
  if (alerts.length === 0) return null;
  return (
    <Stack gap="sm">
      {alerts.map((alert) => {
        const { color, Icon } = LOOK[alert.type];
        const { text, action } = words(alert);
        return (
          <Alert
            key={alert.code}
            color={color}
            variant="light"
            icon={<Icon size={18} aria-hidden="true" />}
            data-alert-type={alert.type}
          >
            <Group justify="space-between" gap="sm" wrap="nowrap">
              <Text fz="sm">{text}</Text>
              {alert.link && <AlertAction label={action} link={alert.link} color={color} />}
            </Group>
          </Alert>
        );
      })}
    </Stack>
  );
}

/** A path inside the app navigates in place; anything else is an ordinary link. */
function AlertAction({ label, link, color }: { label: string; link: string; color: string }) {
  if (link.startsWith('/')) {
    return (
      <Button component={Link} to={link} size="xs" color={color} style={{ flexShrink: 0 }}>
        {label}
      </Button>
    );
  }
  return (
    <Button component="a" href={link} size="xs" color={color} style={{ flexShrink: 0 }}>
      {label}
    </Button>
  );
}
