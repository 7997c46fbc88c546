// The notifications' container, loaded with the first notification shown (AppProviders). Bottom
// right, away from the top bars: a toast never covers the user menu, Logout or the language switch.
import { Notifications } from '@mantine/notifications';

export function NotificationsContainer() {
  return <Notifications position="bottom-right" />;
}
