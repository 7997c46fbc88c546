// Names for Mantine's own icon-only buttons ("unnamed buttons"): a dialog's close
// button, a notice's (toast's) close button, a pagination's arrows, a colour input's eye dropper. Mantine gives them no accessible
// name of its own, so the theme gives every one of them a name in the page's language, once,
// rather than each dialog or table passing one.
//
// A dialog's title bar is a <header> element inside the dialog: read as a second "banner"
// landmark beside the page's own header (axe landmark-no-duplicate-banner). It is only the
// dialog's title bar, so it gets no landmark role.
import { createTheme, type MantineThemeOverride } from '@mantine/core';
import type { TFunction } from 'i18next';

type TPaginationControl = 'first' | 'previous' | 'next' | 'last';

/** The theme's default props that name the icon buttons, in the language of `t` (common). */
export function controlLabels(t: TFunction<'common'>): MantineThemeOverride {
  const pages: Record<TPaginationControl, string> = {
    first: t('controls.firstPage'),
    previous: t('controls.previousPage'),
    next: t('controls.nextPage'),
    last: t('controls.lastPage'),
  };
  const dialog = {
    closeButtonProps: { 'aria-label': t('controls.close') },
    attributes: { header: { role: 'none' } },
  };
  // Plain objects, not Modal.extend(): the first paint does not load these components' code.
  return createTheme({
    components: {
      Modal: { defaultProps: dialog },
      Drawer: { defaultProps: dialog },
      Notification: { defaultProps: { closeButtonProps: { 'aria-label': t('controls.closeNotice') } } },
      Pagination: {
        defaultProps: {
          getControlProps: (control: TPaginationControl) => ({ 'aria-label': pages[control] }),
        },
      },
      ColorInput: { defaultProps: { eyeDropperButtonProps: { 'aria-label': t('controls.pickColor') } } },
    },
  });
}
