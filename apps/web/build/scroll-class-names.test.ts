// The web build's stand-in for react-remove-scroll in Mantine's AppShell: the class names alone,
// right only while those modules read nothing else of the library.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { RemoveScroll } from 'react-remove-scroll';
import { fullWidthClassName, zeroRightClassName } from 'react-remove-scroll-bar/constants';
import { describe, expect, it } from 'vitest';
import { CLASS_NAMES_ONLY, classNamesModule } from './scroll-class-names';

/** Every module of the installed @mantine/core's ESM build, by path. */
function mantineModules(): string[] {
  const entry = createRequire(import.meta.url).resolve('@mantine/core');
  const root = path.join(
    entry.slice(0, entry.lastIndexOf(`${path.sep}@mantine${path.sep}core${path.sep}`)),
    '@mantine',
    'core',
    'esm',
  );
  return fs
    .readdirSync(root, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.mjs'))
    .map((file) => path.join(root, file));
}

describe('react-remove-scroll in AppShell', () => {
  it('stands in only where a module reads nothing of the library but its class names', () => {
    const importers = mantineModules().filter((file) =>
      /from\s+["']react-remove-scroll["']/.test(fs.readFileSync(file, 'utf8')),
    );
    const standIns = importers.filter((file) => CLASS_NAMES_ONLY.test(file));
    expect(standIns.map((file) => path.basename(file)).sort()).toEqual([
      'AppShellAside.mjs',
      'AppShellFooter.mjs',
      'AppShellHeader.mjs',
    ]);
    for (const file of standIns) {
      const uses = fs.readFileSync(file, 'utf8').match(/RemoveScroll[\w.]*/g) ?? [];
      // The import's own name, then only `RemoveScroll.classNames.…`.
      expect(
        uses
          .filter((use) => use !== 'RemoveScroll')
          .every((use) => use.startsWith('RemoveScroll.classNames.')),
      ).toBe(true);
    }
    // Modals and drawers keep the library.
    expect(importers.some((file) => file.endsWith('ModalBase.mjs') && !CLASS_NAMES_ONLY.test(file))).toBe(
      true,
    );
  });

  it('gives the class names the library gives', async () => {
    expect(RemoveScroll.classNames).toEqual({ fullWidth: fullWidthClassName, zeroRight: zeroRightClassName });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scroll-class-names-'));
    try {
      const constants = path.join(dir, 'constants.mjs');
      fs.writeFileSync(
        constants,
        `export const fullWidthClassName = ${JSON.stringify(fullWidthClassName)};\nexport const zeroRightClassName = ${JSON.stringify(zeroRightClassName)};\n`,
      );
      const standIn = path.join(dir, 'stand-in.mjs');
      fs.writeFileSync(standIn, classNamesModule(pathToFileURL(constants).href));
      const module = (await import(pathToFileURL(standIn).href)) as { RemoveScroll: unknown };
      expect(module.RemoveScroll).toEqual({ classNames: RemoveScroll.classNames });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
