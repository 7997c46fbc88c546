// The notifications' container, loaded with the first notification shown (AppProviders). On a
// larger screen bottom right, away from the top bars: a toast never covers the user menu, Logout or
// the language switch. On a phone (decision 0043) a bottom toast spans the screen and hides the
// card under it, so there one toast at a time takes the top bar's place for its few seconds (the
// page's content stays in sight; a swipe or its close button gives the bar back at once).
import { Notifications } from '@mantine/notifications';
import { useAdminPhone } from '../components/use-admin-phone';

const PHONE_EDGE = 4;

export function NotificationsContainer() {
  const phone = useAdminPhone();
  if (!phone) return <Notifications position="bottom-right" />;
  return (
    <Notifications
      position="top-center"
      limit={1}
      // Mantine keeps a root at every position and this style reaches them all: stretched between
      // `top` and their own `bottom`, the bottom ones would catch every tap on the page, so the
      // roots let taps through and only a toast takes them.
      styles={{
        root: { top: PHONE_EDGE, width: `calc(100% - ${PHONE_EDGE * 2}px)`, pointerEvents: 'none' },
        notification: { minHeight: 0, paddingBlock: 6, pointerEvents: 'auto' },
      }}
    />
  );
}
