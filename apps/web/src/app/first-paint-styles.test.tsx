import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPublicPage } from '../public/landing/landing-test-helpers';
import { classesStyledBy, renderedMantineClasses } from '../test/mantine-classes';

/** The class names styled by the stylesheets first-paint-styles.ts imports. */
function firstPaintClasses(): Set<string> {
  return classesStyledBy(path.join(path.dirname(fileURLToPath(import.meta.url)), 'first-paint-styles.ts'));
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
