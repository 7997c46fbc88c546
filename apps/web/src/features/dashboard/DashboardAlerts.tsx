// The server's alerts above the cards, worded here from their code in the page's language, with an
// optional button to the page that resolves them. Coloured by urgency (docs/design.md "Colour
// roles"): errors red and warnings orange lead the page; notices (info, success) follow the
// first-run checklist as quiet white lines with only their icon coloured (decision 0085).
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { TDashboardAlert } from '../../api/dashboard';
import { useTranslation } from '../../i18n/react';
import { formatDate } from '../../lib/time-format';

const LOOK = {
  info: { color: 'blue', Icon: IconInfoCircle },
  warning: { color: 'orange', Icon: IconAlertTriangle },
  error: { color: 'red', Icon: IconAlertCircle },
  success: { color: 'green', Icon: IconCircleCheck },
} as const;

/** Most urgent first. */
const RANK = { error: 0, warning: 1, info: 2, success: 3 } as const;

/** `urgent`: what the admin must act on (errors, warnings); `notice`: the rest. */
export type TAlertUrgency = 'urgent' | 'notice';

function urgencyOf(alert: TDashboardAlert): TAlertUrgency {
  return alert.type === 'error' || alert.type === 'warning' ? 'urgent' : 'notice';
}

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

export function DashboardAlerts({ alerts, urgency }: { alerts: TDashboardAlert[]; urgency: TAlertUrgency }) {
  const words = useAlertWords();
  const shown = alerts
    .filter((alert) => urgencyOf(alert) === urgency)
    .sort((a, b) => RANK[a.type] - RANK[b.type]);
  if (shown.length === 0) return null;
  const quiet = urgency === 'notice';
  return (
    <Stack gap={quiet ? 'xs' : 'sm'}>
      {shown.map((alert) => {
        const { color, Icon } = LOOK[alert.type];
        const { text, action } = words(alert);
        return (
          <Alert
            key={alert.code}
            color={quiet ? 'gray' : color}
            variant={quiet ? 'default' : 'light'}
            py={quiet ? 'xs' : undefined}
            icon={<Icon size={18} aria-hidden="true" color={`var(--mantine-color-${color}-text)`} />}
            data-alert-type={alert.type}
          >
            <Group justify="space-between" gap="sm" wrap="nowrap">
              <Text fz="sm">{text}</Text>
              {alert.link && <AlertAction label={action} link={alert.link} color={quiet ? 'gray' : color} />}
            </Group>
          </Alert>
        );
      })}
    </Stack>
  );
}

/**
 * A path inside the app navigates in place; anything else is an ordinary link. Never filled: the
 * page's one filled action is the admin header's (docs/design.md "Actions").
 */
function AlertAction({ label, link, color }: { label: string; link: string; color: string }) {
  const look = {
    size: 'xs',
    variant: color === 'gray' ? 'default' : 'white',
    color,
    style: { flexShrink: 0 },
  } as const;
  if (link.startsWith('/')) {
    return (
      <Button component={Link} to={link} {...look}>
        {label}
      </Button>
    );
  }
  return (
    <Button component="a" href={link} {...look}>
      {label}
    </Button>
  );
}
