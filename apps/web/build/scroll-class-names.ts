// Mantine's AppShell header, footer and aside read one class name of react-remove-scroll
// (`RemoveScroll.classNames.zeroRight`, so that a modal's scroll lock keeps them clear of the
// scroll bar), and that import brought the whole library (its component, side car and scroll
// locking, with tslib and four helper packages) into the admin area's first view, which opens no
// modal (decision 0074). For those modules only, the web build resolves the import to the class
// names alone, taken from the same constants react-remove-scroll takes them from.
import type { Plugin } from 'vite';

/** The modules that read only `RemoveScroll.classNames`. */
export const CLASS_NAMES_ONLY = /[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]AppShell[\\/]/;

const MODULE_ID = '\0message-station:remove-scroll-class-names';

/** The module that stands for react-remove-scroll: its `RemoveScroll.classNames`, nothing else. */
export function classNamesModule(constantsId: string): string {
  return [
    `import { fullWidthClassName, zeroRightClassName } from ${JSON.stringify(constantsId)};`,
    'export const RemoveScroll = { classNames: { fullWidth: fullWidthClassName, zeroRight: zeroRightClassName } };',
  ].join('\n');
}

export function scrollClassNamesOnly(): Plugin {
  let constantsId: string | undefined;
  return {
    name: 'message-station:scroll-class-names-only',
    apply: 'build',
    // Before Vite's resolver, which would resolve the import to the library.
    enforce: 'pre',
    async resolveId(source, importer) {
      if (source !== 'react-remove-scroll' || !importer || !CLASS_NAMES_ONLY.test(importer)) return null;
      // react-remove-scroll-bar/constants as react-remove-scroll itself resolves it.
      const library = await this.resolve(source, importer, { skipSelf: true });
      const constants = library && (await this.resolve('react-remove-scroll-bar/constants', library.id));
      if (!constants) this.error(`react-remove-scroll-bar/constants not found from ${importer}`);
      constantsId = constants.id;
      return MODULE_ID;
    },
    load(id) {
      if (id !== MODULE_ID) return null;
      if (!constantsId) this.error('react-remove-scroll was not resolved before its class names were loaded');
      return classNamesModule(constantsId);
    },
  };
}
