// For the tests that a page's Mantine stylesheets cover what it renders (first-paint-styles,
// subscriber-styles): the classes a module's stylesheets style, and the classes on screen.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

/** The Mantine class names styled by the stylesheets `file` imports (`import '….css';` lines). */
export function classesStyledBy(file: string): Set<string> {
  const source = fs.readFileSync(file, 'utf8');
  const sheets = [...source.matchAll(/^import '([^']+\.css)';$/gm)].map((match) => match[1] as string);
  if (sheets.length === 0) throw new Error(`${file} imports no stylesheet`);
  // A sheet of our own (the font's, src/app/fonts) beside the file, Mantine's from the package.
  const resolve = (sheet: string) =>
    sheet.startsWith('.') ? path.resolve(path.dirname(file), sheet) : require.resolve(sheet);
  const css = sheets.map((sheet) => fs.readFileSync(resolve(sheet), 'utf8')).join('\n');
  return new Set([...css.matchAll(/\.(m_[0-9a-f]+)/g)].map((match) => match[1] as string));
}

/** Mantine's own class names in the document (every component's root and parts carry one). */
export function renderedMantineClasses(): Set<string> {
  const classes = [...document.querySelectorAll('[class]')].flatMap((element) => [...element.classList]);
  return new Set(classes.filter((name) => /^m_[0-9a-f]+$/.test(name)));
}
