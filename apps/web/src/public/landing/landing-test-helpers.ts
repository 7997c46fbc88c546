// Test helpers for the marketing pages: render in a language, read the heading outline.
import { screen } from '@testing-library/react';
import { expect } from 'vitest';
import i18n from '../../i18n';
import { mockSession, renderApp } from '../../test/render-app';

/** Renders a public page signed out, in English or Spanish (the test setup resets to English). */
export async function renderPublicPage(path: string, language: 'en' | 'es' = 'en') {
  await i18n.changeLanguage(language);
  mockSession(null);
  return renderApp(path);
}

/** Every heading inside <main>, as "h2 Pricing", in document order. */
export function mainHeadings(): string[] {
  const main = screen.getByRole('main');
  return [...main.querySelectorAll('h1, h2, h3, h4, h5, h6')].map(
    (heading) => `${heading.tagName.toLowerCase()} ${heading.textContent}`,
  );
}

/** One h1 first, and no heading more than one level deeper than the one before it. */
export function expectHeadingsInOrder(): void {
  const levels = mainHeadings().map((heading) => Number(heading[1]));
  expect(levels[0]).toBe(1);
  expect(levels.filter((level) => level === 1)).toHaveLength(1);
  levels.forEach((level, index) => {
    if (index > 0) expect(level).toBeLessThanOrEqual((levels[index - 1] ?? 1) + 1);
  });
}
