// The dashboard's place for the first-run checklist (FirstRunCard.tsx). Most visits of the dashboard
// are by stations past their first run, so the card's code (its QR code, the copy field and its
// tooltip) loads only when the server says there is a checklist to show (decision 0062).
import { actsAsStationAdmin } from '@message-station/shared/catalogue';
import { lazy, Suspense } from 'react';
import { useSessionUser } from '../../app/session-user';
import { useFirstRunQuery } from './queries';

const FirstRunCard = lazy(() =>
  import('./FirstRunCard').then((module) => ({ default: module.FirstRunCard })),
);

/** The checklist for an admin of the station (staff cannot take most steps); nothing until it loads. */
export function FirstRunChecklist() {
  const user = useSessionUser();
  const isAdmin = actsAsStationAdmin(user);
  const firstRun = useFirstRunQuery(isAdmin);
  if (!isAdmin || !firstRun.data || firstRun.data.complete || firstRun.data.hidden) return null;
  const joinUrl = `${window.location.origin}/join/${encodeURIComponent(user.stationSlug)}`;
  return (
    <Suspense fallback={null}>
      <FirstRunCard firstRun={firstRun.data} joinUrl={joinUrl} />
    </Suspense>
  );
}
