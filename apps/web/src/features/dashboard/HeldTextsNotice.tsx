// The dashboard's notice of texts held after a restore (decision 0055): asked for on every visit,
// shown rarely. Its code and the `messages` texts it is worded with load only when there are held
// texts (decision 0062).
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { getStationHeldTexts } from '../../api/held-after-restore';
import { loadNamespaces } from '../../i18n';
import { heldKey } from '../../lib/held-key';

const HeldAfterRestoreDashboardNotice = lazy(async () => {
  const [module] = await Promise.all([
    import('./HeldAfterRestoreDashboardNotice'),
    loadNamespaces(['messages']),
  ]);
  return { default: module.HeldAfterRestoreDashboardNotice };
});

export function HeldTextsNotice() {
  const held = useQuery({ queryKey: heldKey(), queryFn: ({ signal }) => getStationHeldTexts(signal) });
  if (!held.data || held.data.held === 0) return null;
  return (
    <Suspense fallback={null}>
      <HeldAfterRestoreDashboardNotice data={held.data} />
    </Suspense>
  );
}
