// Settings → Message Types per language: the other languages' names and descriptions, where they
// came from, and staff's own words saved for one language.
import type { TTypeTranslation } from '@message-station/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setCookie } from '../../test/cookies';
import { jsonResponse, renderApp } from '../../test/render-app';
import { expectShown } from '../../test/shown';
import { bodiesSentTo, mockSettingsApi, TYPES } from './settings-test-helpers';

const SPANISH: Record<string, [string, TTypeTranslation['source']]> = {
  emergency: ['Emergencia', 'default'],
  alert: ['[es] Alert', 'machine'],
  station: ['Estación', 'staff'],
  informational: ['Informational', null],
};

function translations(): TTypeTranslation[] {
  return ['en', 'es'].flatMap((language) =>
    TYPES.map((type) => {
      const [name, source] =
        language === 'es'
          ? (SPANISH[type.message_type] ?? ['', null])
          : [type.display_name, 'default' as const];
      return {
        message_type_id: type.id,
        message_type: type.message_type,
        language,
        display_name: name,
        description: `${name} description`,
        source,
      };
    }),
  );
}

describe('MessageTypesTab in other languages', () => {
  it("shows each type's wording and origin in a chosen language, and saves only what was changed there", async () => {
    setCookie('csrf_token', 'mt1');
    let rows = translations();
    const fetchMock = mockSettingsApi({
      'GET /admin/api/message-type-translations': () => jsonResponse(rows),
      'PUT /admin/api/message-types/t-alert/translations/es': (_url, sent) => {
        rows = rows.map((row) =>
          row.message_type === 'alert' && row.language === 'es'
            ? { ...row, ...(sent.body as object), source: 'staff' as const }
            : row,
        );
        return jsonResponse(rows.filter((row) => row.message_type === 'alert'));
      },
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/admin/settings');
    await user.click(await screen.findByRole('tab', { name: 'Message Types' }));
    // The primary language edits the types as before.
    expectShown(await screen.findByRole('textbox', { name: 'Emergency: Display Name' }));

    await user.click(await screen.findByRole('combobox', { name: 'Language' }));
    await user.click(await screen.findByRole('option', { name: 'Spanish' }));
    const alert = await screen.findByRole('textbox', { name: 'Alert: Display Name (Spanish)' });
    expect(alert).toHaveValue('[es] Alert');
    const card = (key: string) =>
      within(document.querySelector(`[data-message-type="${key}"]`) as HTMLElement);
    expectShown(card('alert').getByText('Machine translation'));
    expectShown(card('emergency').getByText('Built-in wording'));
    expectShown(card('station').getByText('Your wording'));
    expectShown(card('informational').getByText('Shows the primary wording'));

    const save = screen.getByRole('button', { name: 'Save Spanish Wording' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    await user.clear(alert);
    await user.type(alert, 'Aviso');
    await user.click(save);
    expectShown(await screen.findByText('Spanish wording saved.'));
    expectShown(card('alert').getByText('Your wording'));
    expect(bodiesSentTo(fetchMock, 'PUT', '/admin/api/message-types/t-alert/translations/es')).toEqual([
      { display_name: 'Aviso', description: '[es] Alert description' },
    ]);
    expect(bodiesSentTo(fetchMock, 'PUT', '/admin/api/message-types/t-emergency/translations/es')).toEqual(
      [],
    );
  });
});
