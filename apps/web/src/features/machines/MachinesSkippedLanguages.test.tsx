// The Machines page says which of the station's languages a machine will skip (no voice installed),
// worded from the codes the agent reports, in English and Spanish, on the table and the phone cards;
// and the silent audio output in the reader's language.
import {
  AGENT_SILENT_DEVICE,
  LANGUAGE_CODES,
  type TConnectedClient,
  type TStationLanguage,
} from '@message-station/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { clientsStream, connectedClient, mockMachinesApi } from '../../test/machines-test-helpers';
import { installFakeEventSource } from '../../test/messages-test-helpers';
import { phoneWidth } from '../../test/phone-width';
import { jsonResponse, renderApp } from '../../test/render-app';

function stationLanguages(codes: string[]): TStationLanguage[] {
  return codes.map((code) => ({
    id: `lang-${code}`,
    language_code: code,
    display_name: code,
    is_active: true,
  }));
}

/** Kiosk skips Japanese and Korean; Newsroom only Japanese; the station speaks en, es and ko. */
function machines() {
  return [
    connectedClient({
      client_id: 'client-kiosk',
      client_name: 'Kiosk',
      voices: { en: 'en-us', es: 'es-419' },
      skipped_languages: ['ja', 'ko'],
    }),
    connectedClient({ client_id: 'client-newsroom', client_name: 'Newsroom', skipped_languages: ['ja'] }),
  ];
}

function rowOf(name: string) {
  return screen.getByText(name).closest('tr') as HTMLElement;
}

describe('Machines page: skipped languages', () => {
  it("words the station's skipped languages in English, and follows the machine's updates", async () => {
    installFakeEventSource();
    mockMachinesApi(machines(), {
      'GET /admin/api/station-languages': () => jsonResponse(stationLanguages(['en', 'es', 'ko'])),
    });
    renderApp('/admin/machines');
    await screen.findByText('Kiosk');
    expect(await within(rowOf('Kiosk')).findByText('Skips: Korean — no voice installed')).toBeVisible();
    // Japanese is not a language of this station: nothing to warn about on Newsroom.
    expect(rowOf('Newsroom').textContent).not.toMatch(/Skips/);
    expect(screen.queryByText(/Japanese/)).not.toBeInTheDocument();

    // A Korean voice was installed on Kiosk: the warning goes, live.
    const stream = clientsStream();
    stream.emit('connected', { clients: machines() });
    stream.emit('client_updated', { client_id: 'client-kiosk', skipped_languages: ['ja'] });
    await waitFor(() => expect(screen.queryByText(/Skips:/)).not.toBeInTheDocument());
  });

  it('shows every language the machine skips when the station languages cannot be read', async () => {
    installFakeEventSource();
    mockMachinesApi(machines(), {
      'GET /admin/api/station-languages': () => jsonResponse({ error: 'Server error' }, 500),
    });
    renderApp('/admin/machines');
    await screen.findByText('Kiosk');
    expect(
      await within(rowOf('Kiosk')).findByText('Skips: Japanese, Korean — no voice installed'),
    ).toBeVisible();
    expect(within(rowOf('Newsroom')).getByText('Skips: Japanese — no voice installed')).toBeVisible();
  });

  it('speaks Spanish on the phone cards, the silent audio output too', async () => {
    phoneWidth();
    installFakeEventSource();
    await i18n.changeLanguage('es');
    const [kioskMachine, ...rest] = machines();
    mockMachinesApi(
      [{ ...kioskMachine, audio_output_device: AGENT_SILENT_DEVICE } as TConnectedClient, ...rest],
      {
        'GET /admin/api/station-languages': () => jsonResponse(stationLanguages([...LANGUAGE_CODES])),
      },
    );
    renderApp('/admin/machines');
    const kiosk = within(await screen.findByRole('article', { name: 'Kiosk' }));
    expect(await kiosk.findByText('Omite: Japonés, Coreano — no hay voz instalada')).toBeVisible();
    const newsroom = within(screen.getByRole('article', { name: 'Newsroom' }));
    expect(newsroom.getByText('Omite: Japonés — no hay voz instalada')).toBeVisible();
    // The agent's "no device" is worded here, not shown as the English it arrives in.
    expect(kiosk.getByText('Ninguno (sin sonido)')).toBeVisible();
    expect(screen.queryByText(AGENT_SILENT_DEVICE)).not.toBeInTheDocument();
  });
});
