import type { TDeliveryProgress } from '@message-station/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/AppProviders';
import { createQueryClient } from '../../app/query-client';
import { SessionUserContext } from '../../app/session-user';
import i18n from '../../i18n';
import { fileSaver } from '../../lib/save-file';
import { callsTo, mockApi, type TApiHandler } from '../../test/api-mock';
import { phoneWidth } from '../../test/phone-width';
import { jsonResponse, sessionUser } from '../../test/render-app';
import { expectShown } from '../../test/shown';
import { DeliveryProgress } from './DeliveryProgress';

// 8 AM Eastern and 8 AM Central on Nov 24, 2026.
const NEW_YORK = { zone: 'America/New_York', at: '2026-11-24T13:00:00.000Z' };
const CHICAGO = { zone: 'America/Chicago', at: '2026-11-24T14:00:00.000Z' };

const NOTHING = { total: 0, queued: 0, due: 0, held: 0, sending: 0, sent: 0, delivered: 0, failed: 0 };

/** 12 texts sent at night: 1 queued, 9 held in two zones, 1 sending, 1 sent, none delivered yet. */
function atNight(overrides: Partial<TDeliveryProgress> = {}): TDeliveryProgress {
  return {
    total: 12,
    queued: 11,
    due: 1,
    held: 9,
    sending: 1,
    sent: 1,
    delivered: 0,
    failed: 0,
    waiting: 9,
    possibleDuplicates: 0,
    releases: [
      { ...NEW_YORK, count: 7 },
      { ...CHICAGO, count: 2 },
    ],
    languages: [
      { ...NOTHING, language: 'en', total: 8, queued: 7, due: 1, held: 6, sent: 1 },
      { ...NOTHING, language: 'es', total: 4, queued: 4, held: 3, sending: 1 },
    ],
    ...overrides,
  };
}

async function showProgress(
  progress: TDeliveryProgress,
  language: 'en' | 'es' = 'en',
  user = sessionUser(),
  handlers: Record<string, TApiHandler> = {},
) {
  await i18n.changeLanguage(language);
  const fetchMock = mockApi({
    'GET /admin/api/messages/m-1/deliveries': () => jsonResponse(progress),
    'GET /admin/api/messages/m-1/recipients': () => jsonResponse({ total: 0, recipients: [] }),
    ...handlers,
  });
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const view = render(
    <AppProviders queryClient={queryClient} env="test">
      <SessionUserContext value={user}>
        <DeliveryProgress messageId="m-1" />
      </SessionUserContext>
    </AppProviders>,
  );
  const section = await screen.findByTestId('delivery-progress');
  return { ...view, section: within(section), fetchMock };
}

/** Each count under the bar, by its stage. */
function counts(): Record<string, string | null> {
  const boxes = Array.from(screen.getByTestId('delivery-progress').querySelectorAll('[data-count]'));
  return Object.fromEntries(
    boxes.map((box) => [box.getAttribute('data-count'), box.lastElementChild?.textContent ?? null]),
  );
}

/** What a card says, without the grid's style element (Mantine's responsive columns). */
function cardText(card: HTMLElement): string {
  const copy = card.cloneNode(true) as HTMLElement;
  for (const style of copy.querySelectorAll('style')) style.remove();
  return copy.textContent ?? '';
}

function cells(table: HTMLElement): (string | null)[][] {
  return within(table)
    .getAllByRole('row')
    .map((row) => Array.from(row.querySelectorAll('td, th')).map((cell) => cell.textContent));
}

/** Two texts: one sent to Rosa in Spanish, one to a number without a name that failed (a landline). */
const RECIPIENTS = {
  total: 2,
  recipients: [
    {
      id: 'd-1',
      name: 'Rosa Martinez',
      phone_last4: '0101',
      language: 'es',
      stage: 'sent',
      failure_reason: null,
      provider_error_code: null,
      sent_at: '2026-11-24T15:00:00.000Z',
      finished_at: null,
    },
    {
      id: 'd-2',
      name: null,
      phone_last4: '0199',
      language: 'en',
      stage: 'failed',
      failure_reason: 'landline',
      provider_error_code: '30006',
      sent_at: null,
      finished_at: '2026-11-24T15:00:02.000Z',
    },
  ],
};

describe('DeliveryProgress', () => {
  it('lists each text with the number masked and why one failed, in the interface language; filters by status', async () => {
    const { fetchMock } = await showProgress(atNight(), 'es', sessionUser(), {
      'GET /admin/api/messages/m-1/recipients': () => jsonResponse(RECIPIENTS),
    });
    const table = await screen.findByRole('table', { name: 'Destinatarios' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Rosa Martinez•••-•••-0101EspañolEnviado'),
      expect.stringContaining(
        '(sin nombre)•••-•••-0199InglésFallidoLínea fija u operador inaccesible (30006)—',
      ),
    ]);
    expect(table).not.toHaveTextContent('555');
    await userEvent
      .setup({ delay: null })
      .selectOptions(screen.getByRole('combobox', { name: 'Estado' }), 'failed');
    await waitFor(() =>
      expect(
        callsTo(fetchMock, 'GET', '/admin/api/messages/m-1/recipients').at(-1)?.url.searchParams.get('stage'),
      ).toBe('failed'),
    );
  });

  it('lets an admin export the report as the CSV file the server names', async () => {
    const save = vi.spyOn(fileSaver, 'save').mockImplementation(() => {});
    const { fetchMock } = await showProgress(atNight(), 'en', sessionUser(), {
      'GET /admin/api/messages/m-1/deliveries.csv': () =>
        new Response('\uFEFFsend_started_at_utc\r\n', {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': 'attachment; filename="deliveries-m-1.csv"',
          },
        }),
    });
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Export report' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0]?.[1]).toBe('deliveries-m-1.csv');
    expect(callsTo(fetchMock, 'GET', '/admin/api/messages/m-1/deliveries.csv')).toHaveLength(1);
  });

  it("shows the server's refusal of the export, and offers none to a standard user", async () => {
    const { unmount } = await showProgress(atNight(), 'es', sessionUser(), {
      'GET /admin/api/messages/m-1/deliveries.csv': () =>
        jsonResponse({ error: 'Message not found', code: 'message_not_found' }, 404),
    });
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Exportar informe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo descargar el informe:');
    unmount();
    await showProgress(atNight(), 'en', sessionUser({ role: 'user' }));
    expect(screen.queryByRole('button', { name: 'Export report' })).not.toBeInTheDocument();
  });

  it('says how many are queued, held until 8 AM their local time, sending and sent — none of them as sent', async () => {
    const { section } = await showProgress(atNight());
    expectShown(section.getByText('1 of 12 SMS processed'));
    expect(counts()).toEqual({ delivered: '0', sent: '1', failed: '0', sending: '1', held: '9', due: '1' });
    expect(
      section.getByText(
        '9 held for quiet hours until 8:00 AM their local time (from 8:00 AM EST to 8:00 AM CST).',
      ),
    ).toBeVisible();
    const bar = (name: string) => section.getByRole('progressbar', { name }).getAttribute('aria-valuenow');
    expect(bar('Sent: 1 of 12')).toBe(`${(1 / 12) * 100}`);
    expect(bar('Held: 9 of 12')).toBe('75');
    expect(cells(section.getByRole('table', { name: 'SMS delivery by language' }))).toEqual([
      ['Language', 'Total', 'Queued', 'Held', 'Sending', 'Sent', 'Delivered', 'Failed'],
      ['English', '8', '1', '6', '0', '1', '0', '0'],
      ['Spanish', '4', '0', '3', '1', '0', '0', '0'],
    ]);
    expect(section.queryByText(/received it twice/)).not.toBeInTheDocument();
  });

  it('names the zone when every held text goes at the same 8 AM, and warns of possible duplicates', async () => {
    const { section } = await showProgress(
      atNight({ held: 1, releases: [{ ...CHICAGO, count: 1 }], possibleDuplicates: 2 }),
    );
    expectShown(section.getByText('1 held for quiet hours until 8:00 AM CST.'));
    expect(
      section.getByText(
        '2 subscribers may have received it twice: it was sent to them again after an interruption the SMS provider could not account for.',
      ),
    ).toBeVisible();
  });

  it('words it all in Spanish', async () => {
    const { section } = await showProgress(atNight({ possibleDuplicates: 1 }), 'es');
    expectShown(section.getByText('1 de 12 SMS procesados'));
    expect(
      section.getByText(
        '9 retenidos por las horas de silencio hasta las 8:00 a.m. de su hora local (de 8:00 a.m. EST a 8:00 a.m. CST).',
      ),
    ).toBeVisible();
    expectShown(section.getByText(/^1 suscriptor puede haberlo recibido dos veces/));
    expect(cells(section.getByRole('table', { name: 'Entrega de SMS por idioma' }))[0]).toEqual([
      'Idioma',
      'Total',
      'En cola',
      'Retenidos',
      'Enviándose',
      'Enviados',
      'Entregados',
      'Fallidos',
    ]);
  });

  it('once everything went, shows no held line and no held or sending columns', async () => {
    const { section } = await showProgress(
      atNight({
        queued: 0,
        due: 0,
        held: 0,
        sending: 0,
        sent: 4,
        delivered: 7,
        failed: 1,
        waiting: 0,
        releases: [],
        languages: [{ ...NOTHING, language: 'en', total: 12, sent: 4, delivered: 7, failed: 1 }],
      }),
    );
    expectShown(section.getByText('12 of 12 SMS processed'));
    expect(section.queryByTestId('delivery-held')).not.toBeInTheDocument();
    expect(cells(section.getByRole('table', { name: 'SMS delivery by language' }))).toEqual([
      ['Language', 'Total', 'Queued', 'Sent', 'Delivered', 'Failed'],
      ['English', '12', '0', '4', '7', '1'],
    ]);
  });

  it('on a phone shows a card per language and per text, every figure in it, numbers on one line', async () => {
    phoneWidth();
    const { section } = await showProgress(atNight(), 'en', sessionUser(), {
      'GET /admin/api/messages/m-1/recipients': () => jsonResponse(RECIPIENTS),
    });
    const texts = await section.findByRole('list', { name: 'Recipients' });
    expect(section.queryByRole('table')).not.toBeInTheDocument();
    const languages = within(section.getByRole('list', { name: 'SMS delivery by language' }));
    expect(languages.getAllByRole('listitem').map(cardText)).toEqual([
      'EnglishTotal8Queued1Held6Sending0Sent1Delivered0Failed0',
      'SpanishTotal4Queued0Held3Sending1Sent0Delivered0Failed0',
    ]);
    const [rosa, unnamed] = within(texts).getAllByRole('listitem');
    if (!rosa || !unnamed) throw new Error('two texts expected');
    expect(cardText(rosa)).toMatch(/^Rosa MartinezNumber•••-•••-0101LanguageSpanishStatusSentSent/);
    expect(cardText(unnamed)).toBe(
      '(no name)Number•••-•••-0199LanguageEnglishStatusFailedLandline or unreachable carrier (30006)Sent—',
    );
    expect(within(texts).getByText('•••-•••-0101')).toHaveStyle({ whiteSpace: 'nowrap' });
  });
});
