import { EVENT_STREAM_RETRY_MS } from '@message-station/shared/catalogue';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../i18n';
import { mockSession, renderApp } from '../test/render-app';
import type { TSwaggerOptions } from './docs/swagger-ui';

/** Swagger UI as the page finds it once its bundle has loaded: it renders the document's title. */
function stubSwaggerUi() {
  const started: TSwaggerOptions[] = [];
  window.SwaggerUIBundle = (options) => {
    started.push(options);
    const title = document.createElement('h2');
    title.textContent = 'Message Station API v1';
    options.domNode.append(title);
    options.onComplete();
    return {};
  };
  return started;
}

afterEach(() => {
  delete window.SwaggerUIBundle;
});

describe('DocsApiPage', () => {
  it('frames the reference with our words, and starts Swagger UI on the v1 document', async () => {
    const started = stubSwaggerUi();
    mockSession(null);
    renderApp('/docs/api');

    expect(await screen.findByRole('heading', { level: 1, name: 'API reference' })).toBeVisible();
    expect(screen.getByText(/Every call carries a station API key/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'All documentation' })).toHaveAttribute('href', '/docs');
    expect(screen.getByRole('link', { name: 'OpenAPI document (JSON)' })).toHaveAttribute(
      'href',
      '/api/v1/openapi.json',
    );
    // What the event stream does at its end, with the retry the server opens it with.
    const note = within(screen.getByRole('region', { name: 'Event streams end with 204' }));
    expect(note.getByText(`retry: ${EVENT_STREAM_RETRY_MS}`).tagName).toBe('CODE');
    expect(note.getByText(/wait 5 s before reconnecting/)).toBeVisible();
    expect(note.getByText('204 No Content').tagName).toBe('STRONG');

    const reference = screen.getByRole('region', { name: 'Interactive reference (in English)' });
    expect(await within(reference).findByRole('heading', { name: 'Message Station API v1' })).toBeVisible();
    expect(within(reference).getByText('Message Station API v1').closest('[lang]')).toHaveAttribute(
      'lang',
      'en',
    );
    expect(screen.queryByText('Loading the API reference…')).not.toBeInTheDocument();
    expect(started).toHaveLength(1);
    expect(started[0]).toMatchObject({
      url: '/api/v1/openapi.json',
      validatorUrl: null,
      deepLinking: true,
      syntaxHighlight: { activated: true, theme: 'obsidian' },
    });
    expect(started[0]?.plugins).toHaveLength(1);
  });

  it('speaks Spanish around the reference, which stays in English', async () => {
    stubSwaggerUi();
    await i18n.changeLanguage('es');
    mockSession(null);
    renderApp('/docs/api');

    expect(await screen.findByRole('heading', { level: 1, name: 'Referencia de la API' })).toBeVisible();
    expect(screen.getByText(/Cada llamada lleva una clave API de la estación/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Toda la documentación' })).toHaveAttribute('href', '/docs');
    expect(screen.getByRole('link', { name: 'Documento OpenAPI (JSON)' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Los flujos de eventos terminan con 204' })).toHaveTextContent(
      `Empieza con retry: ${EVENT_STREAM_RETRY_MS} (esperar 5 s antes de reconectar)`,
    );
    const reference = screen.getByRole('region', { name: 'Referencia interactiva (en inglés)' });
    expect(await within(reference).findByText('Message Station API v1')).toBeVisible();
  });

  it('says when Swagger UI cannot load, and loads it on Try Again', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    // The first time, the files do not arrive.
    const append = vi.spyOn(document.head, 'append').mockImplementation((...nodes) => {
      for (const node of nodes) queueMicrotask(() => (node as Node).dispatchEvent(new Event('error')));
    });
    mockSession(null);
    renderApp('/docs/api');

    expect(await screen.findByText('The API reference could not be loaded.')).toBeVisible();
    expect(warn).toHaveBeenCalled();
    append.mockRestore();
    const started = stubSwaggerUi();
    await userEvent.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Message Station API v1')).toBeVisible();
    await waitFor(() => expect(started).toHaveLength(1));
    expect(screen.queryByText('The API reference could not be loaded.')).not.toBeInTheDocument();
  });
});
