import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPublicPage } from '../public/landing/landing-test-helpers';

const require = createRequire(import.meta.url);

/** The class names styled by the stylesheets first-paint-styles.ts imports. */
function firstPaintClasses(): Set<string> {
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'first-paint-styles.ts');
  const source = fs.readFileSync(file, 'utf8');
  const sheets = [...source.matchAll(/^import '([^']+\.css)';$/gm)].map((match) => match[1] as string);
  expect(sheets.length).toBeGreaterThan(10);
  const css = sheets.map((sheet) => fs.readFileSync(require.resolve(sheet), 'utf8')).join('\n');
  return new Set([...css.matchAll(/\.(m_[0-9a-f]+)/g)].map((match) => match[1] as string));
}

/** Mantine's own class names in the document (every component's root and parts carry one). */
function renderedMantineClasses(): Set<string> {
  const classes = [...document.querySelectorAll('[class]')].flatMap((element) => [...element.classList]);
  return new Set(classes.filter((name) => /^m_[0-9a-f]+$/.test(name)));
}

describe('first-paint styles', () => {
  it('style every Mantine component of the landing page, its header menus and its screenshot modal', async () => {
    await renderPublicPage('/');
    const user = userEvent.setup({ delay: null });
    await screen.findByRole('heading', { level: 2, name: 'Simple pricing' });
    const rendered = new Set(renderedMantineClasses());

    await user.click(screen.getByRole('button', { name: 'Toggle navigation' }));
    await user.click(screen.getByRole('button', { name: /^Language/ }));
    await screen.findByRole('menuitem', { name: 'Español' });
    for (const name of renderedMantineClasses()) rendered.add(name);
    await user.keyboard('{Escape}');

    await user.click(await screen.findByRole('button', { name: /^Enlarge screenshot: Dashboard/ }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Close screenshot' })).toBeVisible(),
    );
    for (const name of renderedMantineClasses()) rendered.add(name);

    const styled = firstPaintClasses();
    expect(rendered.size).toBeGreaterThan(20);
    expect([...rendered].filter((name) => !styled.has(name))).toEqual([]);
  });
});
