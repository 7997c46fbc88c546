// The server's alerts above the cards (spec §2 Dashboard, §3): coloured by type, with an optional
// button to the page or site that resolves them.
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconAlertTriangle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { TDashboardAlert } from '../../api/dashboard';

const LOOK = {
  info: { color: 'blue', Icon: IconInfoCircle },
  warning: { color: 'yellow', Icon: IconAlertTriangle },
  error: { color: 'red', Icon: IconAlertCircle },
  success: { color: 'green', Icon: IconCircleCheck },
} as const;

export function DashboardAlerts({ alerts }: { alerts: TDashboardAlert[] }) {
  if (alerts.length === 0) return null;
  return (
    <Stack gap="sm">
      {alerts.map((alert) => {
        const { color, Icon } = LOOK[alert.type];
        return (
          <Alert
            key={`${alert.type}:${alert.message}`}
            color={color}
            variant="light"
            icon={<Icon size={18} aria-hidden="true" />}
            data-alert-type={alert.type}
          >
            <Group justify="space-between" gap="sm" wrap="nowrap">
              <Text fz="sm">{alert.message}</Text>
              {alert.action && alert.link && (
                <AlertAction label={alert.action} link={alert.link} color={color} />
              )}
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
