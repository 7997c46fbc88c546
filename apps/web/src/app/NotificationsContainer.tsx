// The notifications' container, loaded with the first notification shown (AppProviders).
import { Notifications } from '@mantine/notifications';

export function NotificationsContainer() {
  return <Notifications position="top-right" />;
}
