// "Emergency templates" (decision 0050): the vetted phrasebook's entries, grouped and searched by
// their title in the UI language; a chosen one's fields, type and target languages, and every
// language at once with the typed values inserted verbatim; Create posts the phrase and its fields
// and opens the new message.
import {
  composedSms,
  PHRASE_FIELD_LIMITS,
  PHRASEBOOK,
  renderPhrase,
  type TPhraseField,
} from '@message-station/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { bodiesSentTo } from '../../test/api-mock';
import { setCookie } from '../../test/cookies';
import {
  installFakeEventSource,
  message,
  mockMessagesApi,
  translation,
} from '../../test/messages-test-helpers';
import { jsonResponse, renderApp } from '../../test/render-app';
import { expectShown } from '../../test/shown';

const CREATE = 'POST /admin/api/messages/phrasebook';

const TORNADO = PHRASEBOOK.find((entry) => entry.title.en === 'Tornado Warning');
if (!TORNADO) throw new Error('the phrasebook has no Tornado Warning');
const tornado = TORNADO;

/** What staff type: the journey's values, and a plain one for any other field the entry has. */
const TYPED: Record<TPhraseField, string> = {
  place: 'Lincoln Park',
  county: 'Coal County',
  state: 'OK',
  street: 'Main Street',
  school: 'Lincoln Elementary',
  time: '11:45 PM',
  date: '3/15',
  phone: '(580) 555-0142',
  url: 'example.org/alerts',
};
const LABELS: Record<TPhraseField, string> = {
  place: 'Place',
  county: 'County',
  state: 'State',
  street: 'Street',
  school: 'School',
  time: 'Time',
  date: 'Date',
  phone: 'Phone number',
  url: 'Web address',
};
const values = Object.fromEntries(tornado.fields.map((field) => [field, TYPED[field]]));

async function openPicker(handlers: Parameters<typeof mockMessagesApi>[0] = {}) {
  installFakeEventSource();
  const api = mockMessagesApi({ 'GET /admin/api/messages': () => jsonResponse([]), ...handlers });
  const user = userEvent.setup({ delay: null });
  renderApp('/admin/messages');
  await screen.findByText('No messages yet.');
  const open = screen.getByRole('button', { name: 'Emergency templates' });
  await waitFor(() => expect(open).toBeEnabled());
  await user.click(open);
  const dialog = within(await screen.findByRole('dialog', { name: 'Emergency templates' }));
  return { api, user, dialog };
}

const field = (dialog: ReturnType<typeof within>, name: TPhraseField) =>
  dialog.getByRole('textbox', { name: new RegExp(`^${LABELS[name]}`) });

describe('Emergency templates', () => {
  it('lists the entries by group and finds them by their title in the interface language', async () => {
    const { user, dialog } = await openPicker();
    expectShown(dialog.getByRole('heading', { name: 'Wireless Emergency Alert types' }));
    expectShown(dialog.getByRole('heading', { name: 'Station alerts' }));
    const wea = within(dialog.getByRole('region', { name: 'Wireless Emergency Alert types' }));
    expectShown(wea.getByRole('button', { name: 'Tornado Warning' }));
    expect(wea.getAllByRole('button')).toHaveLength(PHRASEBOOK.filter((e) => e.group === 'wea').length);

    await user.type(dialog.getByRole('searchbox', { name: 'Search emergency templates' }), 'tornado');
    const shown = dialog.getAllByRole('button').filter((button) => button.hasAttribute('data-phrase'));
    expect(shown.map((button) => button.textContent)).toEqual(
      PHRASEBOOK.filter((e) => e.title.en.toLowerCase().includes('tornado')).map((e) => e.title.en),
    );
    await user.clear(dialog.getByRole('searchbox', { name: 'Search emergency templates' }));
    await user.type(dialog.getByRole('searchbox', { name: 'Search emergency templates' }), 'no such alert');
    expectShown(dialog.getByText('No emergency template matches “no such alert”.'));

    // In Spanish the titles, groups and search are Spanish.
    await act(() => i18n.changeLanguage('es'));
    const search = dialog.getByRole('searchbox', { name: 'Buscar plantillas de emergencia' });
    await user.clear(search);
    await user.type(search, tornado.title.es.slice(0, 8));
    expectShown(dialog.getByRole('button', { name: tornado.title.es }));
    expectShown(dialog.getByRole('heading', { name: 'Tipos de Alerta Inalámbrica de Emergencia' }));
  });

  it('renders every language at once with the typed values verbatim, and posts the phrase and its fields', async () => {
    setCookie('csrf_token', 'p1');
    const created = message({
      id: 'm-pb',
      title: 'Tornado Warning',
      original: renderPhrase(tornado, 'en', values),
      message_type: tornado.messageType,
      translations: [
        translation({
          language_code: 'es',
          translated_text: renderPhrase(tornado, 'es', values),
          source: 'phrasebook',
        }),
        translation({
          language_code: 'fr',
          translated_text: renderPhrase(tornado, 'fr', values),
          source: 'phrasebook',
        }),
      ],
    });
    const { api, user, dialog } = await openPicker({
      [CREATE]: () => jsonResponse(created, 201),
      'GET /admin/api/messages/m-pb/deliveries': () => jsonResponse({ total: 0 }),
    });
    await user.click(dialog.getByRole('button', { name: 'Tornado Warning' }));
    expectShown(dialog.getByRole('heading', { name: 'Tornado Warning' }));
    expectShown(
      dialog.getByText(
        'Written and checked by Message Station in every language. Your field values are inserted exactly as typed and never translated.',
      ),
    );
    const create = dialog.getByRole('button', { name: 'Create message' });
    expect(create).toBeDisabled();
    // Type preselected from the entry; the station's languages as the message form offers them.
    expect(dialog.getByRole('combobox', { name: 'Type' })).toHaveValue(tornado.messageType);
    expect(dialog.getByRole('checkbox', { name: 'Spanish' })).toBeChecked();
    expect(dialog.getByRole('checkbox', { name: 'French' })).toBeChecked();

    for (const name of tornado.fields) {
      const input = field(dialog, name);
      expect(input).toHaveAttribute('maxlength', String(PHRASE_FIELD_LIMITS[name]));
      expect(input).toHaveAttribute('placeholder', TYPED[name]);
      await user.click(input);
      await user.paste(TYPED[name]);
    }
    // Every language at once, the original first, each with its SMS cost as the form counts it.
    const previews = Array.from(document.querySelectorAll<HTMLElement>('[data-preview]'));
    expect(previews.map((preview) => preview.getAttribute('data-preview'))).toEqual(['en', 'es', 'fr']);
    for (const preview of previews) {
      const language = preview.getAttribute('data-preview') as 'en' | 'es' | 'fr';
      const text = renderPhrase(tornado, language, values);
      for (const typed of Object.values(values)) expect(text).toContain(typed);
      expectShown(within(preview).getByText(text));
      const sms = composedSms('Demo Radio', text, language);
      expect(within(preview).getByText(/per subscriber$/).textContent).toContain(
        `${sms.segments} segment${sms.segments === 1 ? '' : 's'}, ${sms.segments} credit`,
      );
    }
    expectShown(within(previews[1] as HTMLElement).getByText('Spanish'));

    // An emptied field says so in place, and Create waits for it.
    const first = tornado.fields[0] as TPhraseField;
    await user.clear(field(dialog, first));
    await user.tab();
    expectShown(dialog.getByText('Fill in this field.'));
    expect(create).toBeDisabled();
    await user.click(field(dialog, first));
    await user.paste(TYPED[first]);
    expect(dialog.queryByText('Fill in this field.')).not.toBeInTheDocument();

    await user.click(create);
    await waitFor(() =>
      expect(bodiesSentTo(api, 'POST', '/admin/api/messages/phrasebook')).toEqual([
        {
          phrase_id: tornado.id,
          fields: values,
          original_language: 'en',
          target_languages: ['es', 'fr'],
          message_type: tornado.messageType,
        },
      ]),
    );
    // The new message opens, its languages finished from the phrasebook.
    const detail = within(await screen.findByRole('dialog', { name: 'Tornado Warning' }));
    expect(screen.queryByRole('dialog', { name: 'Emergency templates' })).not.toBeInTheDocument();
    await user.click(detail.getByRole('tab', { name: 'Translations' }));
    const spanish = document.querySelector('[data-translation="es"]') as HTMLElement;
    expectShown(within(spanish).getByText('Phrasebook'));
    expectShown(within(spanish).getByText(renderPhrase(tornado, 'es', values)));
    // Vetted already: nothing for staff to mark reviewed.
    expect(within(spanish).queryByRole('button', { name: /^Mark reviewed/ })).not.toBeInTheDocument();
  });

  it('labels the fields in Spanish', async () => {
    const { user, dialog } = await openPicker();
    await user.click(dialog.getByRole('button', { name: 'Tornado Warning' }));
    await act(() => i18n.changeLanguage('es'));
    const spanish: Record<TPhraseField, string> = {
      place: 'Lugar',
      county: 'Condado',
      state: 'Estado',
      street: 'Calle',
      school: 'Escuela',
      time: 'Hora',
      date: 'Fecha',
      phone: 'Número de teléfono',
      url: 'Dirección web',
    };
    for (const name of tornado.fields) {
      expectShown(dialog.getByRole('textbox', { name: new RegExp(`^${spanish[name]}`) }));
    }
    expectShown(
      dialog.getByText(
        'Escrito y verificado por Message Station en cada idioma. Los valores de los campos se insertan tal como los escribe y nunca se traducen.',
      ),
    );
    expectShown(dialog.getByRole('button', { name: 'Crear mensaje' }));
  });
});
