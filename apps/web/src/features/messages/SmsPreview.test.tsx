import { composedSms, smsSegments } from '@message-station/shared';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TMessage } from '../../api/messages';
import { AppProviders } from '../../app/AppProviders';
import { createQueryClient } from '../../app/query-client';
import { message, mockMessagesApi, station, translation } from '../../test/messages-test-helpers';
import { jsonResponse } from '../../test/render-app';
import { expectShown } from '../../test/shown';
import { SmsPreview } from './SmsPreview';

// 185 characters of Spanish with "á", "í": UCS-2. Bare it takes 3 segments; as sent, 4.
const SPANISH_185 =
  'La calle Main está cerrada por obras desde la avenida Central hasta el puente; use la ruta ' +
  'alternativa por la calle Oak. Habrá policía en el cruce hasta las 5. Gracias por su paciencia.';

async function previewRows(shown: TMessage, displayName: string) {
  mockMessagesApi({ 'GET /admin/api/station': () => jsonResponse(station({ display_name: displayName })) });
  render(
    <AppProviders queryClient={createQueryClient()} env="test">
      <SmsPreview message={shown} />
    </AppProviders>,
  );
  const table = await screen.findByRole('table', { name: 'SMS Preview' });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => Array.from(row.querySelectorAll('td')).map((td) => td.textContent));
}

describe('SMS preview', () => {
  it('counts the composed body per language, as the send confirmation and the charge do', async () => {
    const shown = message({
      original: 'Main Street is closed until 5 PM.',
      translations: [translation({ language_code: 'es', translated_text: SPANISH_185 })],
      target_languages: ['es'],
    });
    const rows = await previewRows(shown, 'Demo Radio');

    const english = composedSms('Demo Radio', shown.original, 'en');
    const spanish = composedSms('Demo Radio', SPANISH_185, 'es');
    expect(smsSegments(SPANISH_185).segments).toBe(3);
    expect(spanish.segments).toBe(4);
    expect(rows).toEqual([
      ['English (original)', String(english.characters), english.encoding, String(english.segments)],
      ['Spanish', String(spanish.characters), 'UCS-2', '4'],
    ]);
    expectShown(screen.getByText(/"Demo Radio: " before the text/));
  });

  it('shows an emoji in the display name turning an English text into UCS-2', async () => {
    const shown = message({ original: 'a'.repeat(100), translations: [], target_languages: [] });
    const rows = await previewRows(shown, 'Demo Radio 📻');
    const sms = composedSms('Demo Radio 📻', 'a'.repeat(100), 'en');
    expect(sms).toMatchObject({ encoding: 'UCS-2', segments: 3 });
    expect(rows).toEqual([['English (original)', String(sms.characters), 'UCS-2', '3']]);
  });
});
