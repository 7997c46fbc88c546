// The admin area's phone layout (decision 0043): widths of LIMITS.adminMobileMaxWidth (768px) or
// less get a compact top bar with the navigation in a drawer, the pages an emergency needs, and
// full-screen modals; the other pages say they need a larger display.
import type { TableProps } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { LIMITS } from '@message-station/shared';

export const ADMIN_PHONE_QUERY = `(max-width: ${LIMITS.adminMobileMaxWidth}px)`;

/** Mantine's AppShell breakpoint (px): from here up the sidebar stays; below, it is a drawer. */
export const ADMIN_PHONE_BREAKPOINT = LIMITS.adminMobileMaxWidth + 1;

/** True on a phone. Read on the first render, so a phone never flashes the desktop layout. */
export function useAdminPhone(): boolean {
  return useMediaQuery(ADMIN_PHONE_QUERY, false, { getInitialValueInEffect: false });
}

/**
 * A small table in a dialog (SMS preview, send confirmation): on a phone the same table, tighter
 * and in smaller type so its columns fit; it scrolls in its own frame when they still do not.
 */
export function useCompactTableProps(): Pick<
  TableProps,
  'horizontalSpacing' | 'fz' | 'styles' | 'verticalSpacing' | 'withTableBorder'
> {
  const phone = useAdminPhone();
  return {
    withTableBorder: true,
    verticalSpacing: 6,
    ...(phone
      ? { horizontalSpacing: 6, fz: 'xs', styles: { th: { fontSize: 'var(--mantine-font-size-xs)' } } }
      : {}),
  };
}
