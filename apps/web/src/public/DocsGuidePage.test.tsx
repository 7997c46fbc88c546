import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import i18n from '../i18n';
import { jsonResponse, mockSession, renderApp } from '../test/render-app';

const ENGLISH_GUIDE =
  'Last updated: 2026-11-22\n\n## What is 10DLC?\n\nRegister your **brand**.\n\n## Quiet hours\n';
const SPANISH_GUIDE = 'Last updated: 2026-11-20\n\n## ¿Qué es 10DLC?\n\nRegistre su **marca**.\n';

function markdownResponse(text: string): Response {
  return new Response(text, { status: 200, headers: { 'Content-Type': 'text/markdown; charset=utf-8' } });
}

function calledPaths(fetchMock: ReturnType<typeof mockSession>): string[] {
  return fetchMock.requests.map((sent) => sent.path).filter((path) => path.startsWith('/docs/'));
}

describe('the SMS guide page', () => {
  it('loads the markdown and shows its headings and last-updated date', async () => {
    const fetchMock = mockSession(null, { 'GET /docs/sms/index.md': () => markdownResponse(ENGLISH_GUIDE) });
    renderApp('/docs/sms');

    expect(await screen.findByRole('heading', { level: 2, name: 'What is 10DLC?' })).toBeVisible();
    expect(
      screen.getByRole('heading', { level: 1, name: 'SMS 10DLC Compliance Documentation' }),
    ).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'Quiet hours' })).toBeVisible();
    expect(screen.getByText('Last updated November 22, 2026')).toBeVisible();
    expect(screen.getByText('brand').tagName).toBe('STRONG');
    // The date line is the document's front matter, not its text.
    expect(screen.queryByText(/Last updated: 2026-11-22/)).not.toBeInTheDocument();
    expect(calledPaths(fetchMock)).toEqual(['/docs/sms/index.md']);
    expect(screen.getByRole('link', { name: 'All documentation' })).toHaveAttribute('href', '/docs');
  });

  it('says it is loading until the document arrives', async () => {
    let deliver: (response: Response) => void = () => {};
    mockSession(null, {
      'GET /docs/sms/index.md': () => new Promise<Response>((resolve) => (deliver = resolve)),
    });
    renderApp('/docs/sms');

    expect(await screen.findByText('Loading documentation…')).toBeVisible();
    deliver(markdownResponse(ENGLISH_GUIDE));
    expect(await screen.findByRole('heading', { name: 'What is 10DLC?' })).toBeVisible();
    expect(screen.queryByText('Loading documentation…')).not.toBeInTheDocument();
  });

  it('shows Error Loading Documentation with the status text, and loads again on Try Again', async () => {
    let available = false;
    mockSession(null, {
      'GET /docs/sms/index.md': () =>
        available
          ? markdownResponse(ENGLISH_GUIDE)
          : new Response('Not here', { status: 404, statusText: 'Not Found' }),
    });
    renderApp('/docs/sms');

    expect(await screen.findByText('Error Loading Documentation')).toBeVisible();
    expect(screen.getByText('Failed to load documentation: Not Found')).toBeVisible();
    expect(
      screen.getByRole('heading', { level: 1, name: 'SMS 10DLC Compliance Documentation' }),
    ).toBeVisible();

    available = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { name: 'What is 10DLC?' })).toBeVisible();
  });

  it('names the status code when the reply has no status text, and a page of HTML is no document', async () => {
    mockSession(null, { 'GET /docs/sms/index.md': () => new Response('', { status: 503 }) });
    const first = renderApp('/docs/sms');
    expect(await screen.findByText('Failed to load documentation: 503')).toBeVisible();
    first.unmount();

    mockSession(null, {
      'GET /docs/sms/index.md': () =>
        new Response('<!doctype html><div id="root"></div>', { headers: { 'Content-Type': 'text/html' } }),
    });
    renderApp('/docs/sms');
    expect(await screen.findByText('Failed to load documentation: Not Found')).toBeVisible();
  });

  it('loads the Spanish guide when the interface is in Spanish', async () => {
    await i18n.changeLanguage('es');
    const fetchMock = mockSession(null, {
      'GET /docs/sms/index.es.md': () => markdownResponse(SPANISH_GUIDE),
      'GET /docs/sms/index.md': () => markdownResponse(ENGLISH_GUIDE),
    });
    renderApp('/docs/sms');

    expect(await screen.findByRole('heading', { level: 2, name: '¿Qué es 10DLC?' })).toBeVisible();
    expect(screen.getByText('Última actualización: 20 de noviembre de 2026')).toBeVisible();
    expect(calledPaths(fetchMock)).toEqual(['/docs/sms/index.es.md']);
  });

  it('falls back to the English guide when the Spanish one is missing', async () => {
    await i18n.changeLanguage('es');
    const fetchMock = mockSession(null, {
      'GET /docs/sms/index.es.md': () => jsonResponse({ error: 'Not found' }, 404),
      'GET /docs/sms/index.md': () => markdownResponse(ENGLISH_GUIDE),
    });
    renderApp('/docs/sms');

    expect(await screen.findByRole('heading', { level: 2, name: 'What is 10DLC?' })).toBeVisible();
    await waitFor(() =>
      expect(calledPaths(fetchMock)).toEqual(['/docs/sms/index.es.md', '/docs/sms/index.md']),
    );
  });
});

describe('the setup and desktop app guide pages', () => {
  it.each([
    ['/docs/setup', 'Station Setup Guide', '## Step 1: Create your station\n'],
    ['/docs/desktop', 'Desktop App', '## Download the app\n'],
  ])('%s shows its own document under its title', async (path, title, heading) => {
    const fetchMock = mockSession(null, {
      [`GET ${path}/index.md`]: () => markdownResponse(`Last updated: 2026-12-07\n\n${heading}\nText.\n`),
    });
    renderApp(path);

    expect(await screen.findByRole('heading', { level: 2, name: heading.slice(3).trim() })).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeVisible();
    expect(screen.getByText('Last updated December 7, 2026')).toBeVisible();
    expect(calledPaths(fetchMock)).toEqual([`${path}/index.md`]);
    await userEvent.click(screen.getByRole('link', { name: 'All documentation' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Documentation' })).toBeVisible();
  });

  it('shows the Spanish setup guide under its Spanish title', async () => {
    await i18n.changeLanguage('es');
    const fetchMock = mockSession(null, {
      'GET /docs/setup/index.es.md': () =>
        markdownResponse('Last updated: 2026-12-07\n\n## Paso 1: Cree su estación\n'),
    });
    renderApp('/docs/setup');

    expect(await screen.findByRole('heading', { level: 2, name: 'Paso 1: Cree su estación' })).toBeVisible();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Guía de configuración de la estación' }),
    ).toBeVisible();
    expect(calledPaths(fetchMock)).toEqual(['/docs/setup/index.es.md']);
  });
});
