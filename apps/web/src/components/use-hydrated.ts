// Whether the app holds the page: false while a page the server rendered (decision 0044) is being
// hydrated, true on every render after that and on any page the browser draws itself. Form fields
// rendered ahead wait for it (AttachedFieldset): typed into before, they would show text that the
// form's state does not have, and React would write the empty state over it at its next render.
import { useSyncExternalStore } from 'react';

const subscribe = () => () => undefined;

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
