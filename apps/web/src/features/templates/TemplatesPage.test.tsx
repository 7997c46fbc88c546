import { errorText, type TTemplate } from '@message-station/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { bodiesSentTo, callCount } from '../../test/api-mock';
import { installFakeEventSource, message, mockMessagesApi } from '../../test/messages-test-helpers';
import { jsonResponse, renderApp } from '../../test/render-app';
import { expectShown } from '../../test/shown';

const LIST = '/admin/api/templates';

/** Opens the templates page and its New template dialog, as staff would. */
async function openNewTemplate(user: ReturnType<typeof userEvent.setup>) {
  renderApp('/admin/templates');
  const add = await screen.findByRole('button', { name: 'New template' });
  await waitFor(() => expect(add).toBeEnabled());
  await user.click(add);
  return within(await screen.findByRole('dialog', { name: 'New template' }));
}

function template(overrides: Partial<TTemplate> = {}): TTemplate {
  return {
    id: 'tpl-1',
    name: 'Snow day closure',
    message_type: 'alert',
    title: 'Snow day {date}',
    original: 'Schools are closed on {date} because of {reason}.',
    original_language: 'en',
    fields: [
      { name: 'date', kind: 'date' },
      { name: 'reason', kind: 'text' },
    ],
    translations: [
      {
        language_code: 'es',
        translated_text: 'Las escuelas cierran el {date} por {reason}.',
        translation_status: 'completed',
        error: null,
        lost_fields: [],
        review_status: 'corrected',
        reviewed_at: '2026-11-27T10:00:00.000Z',
        previous_correction: null,
        updated_at: '2026-11-27T10:00:00.000Z',
      },
      {
        language_code: 'fr',
        translated_text: null,
        translation_status: 'failed',
        error: 'The translation engine dropped {date}.',
        lost_fields: ['date'],
        review_status: 'machine',
        reviewed_at: null,
        previous_correction: null,
        updated_at: '2026-11-27T10:00:00.000Z',
      },
    ],
    created_at: '2026-11-27T10:00:00.000Z',
    updated_at: '2026-11-27T10:00:00.000Z',
    ...overrides,
  };
}

describe('TemplatesPage', () => {
  it('lists the fields as they are typed, saves, and shows the translations with the field an engine dropped', async () => {
    const saved = template();
    const api = mockMessagesApi({
      [`GET ${LIST}`]: () => jsonResponse([]),
      [`POST ${LIST}`]: () => jsonResponse(saved, 201),
    });
    const user = userEvent.setup({ delay: null });
    const dialog = await openNewTemplate(user);
    await user.type(dialog.getByRole('textbox', { name: /Template name/ }), 'Snow day closure');
    // user.type reads braces as key names: the text is pasted as staff would.
    await user.click(dialog.getByRole('textbox', { name: /^Title/ }));
    await user.paste('Snow day {date}');
    await user.click(dialog.getByRole('textbox', { name: /Message text/ }));
    await user.paste('Schools are closed on {date} because of {reason}.');
    const fields = dialog.getByRole('list', { name: 'Fields:' });
    expect(
      within(fields)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['{date}: a date', '{reason}: text']);

    await user.click(dialog.getByRole('button', { name: 'Save template' }));
    expectShown(
      await dialog.findByText(
        'The translation engine dropped {date}. Correct this translation by hand, keeping every field as written.',
      ),
    );
    expect(bodiesSentTo(api, 'POST', LIST)).toEqual([
      {
        name: 'Snow day closure',
        // Informational is switched off at this station: the first active type.
        message_type: 'emergency',
        title: 'Snow day {date}',
        original: 'Schools are closed on {date} because of {reason}.',
        original_language: 'en',
      },
    ]);
    const spanish = dialog
      .getByText('Las escuelas cierran el {date} por {reason}.')
      .closest('[data-translation]');
    expect(spanish?.getAttribute('data-status')).toBe('completed');
    expectShown(within(spanish as HTMLElement).getByText('Corrected by hand'));
    // Saved once: the button now saves changes to the same template.
    expect(dialog.getByRole('button', { name: 'Save changes' })).toBeEnabled();
  });

  it('refuses to create a message with an empty field, previews the Spanish date, and opens the new message', async () => {
    installFakeEventSource();
    const created = message({
      id: 'm-new',
      title: 'Snow day Monday, December 7',
      original: 'Schools are closed on Monday, December 7 because of snow.',
      translations: [],
      target_languages: ['es', 'fr'],
    });
    const api = mockMessagesApi({
      [`GET ${LIST}`]: () => jsonResponse([template()]),
      [`POST ${LIST}/tpl-1/messages`]: () => jsonResponse(created, 201),
      'GET /admin/api/messages': () => jsonResponse([created]),
    });
    const user = userEvent.setup({ delay: null });
    const { router } = renderApp('/admin/templates');
    await user.click(await screen.findByRole('button', { name: 'Use Snow day closure' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Use “Snow day closure”' }));

    await user.click(dialog.getByRole('button', { name: 'Create message' }));
    expect(dialog.getAllByText('Fill in this field.')).toHaveLength(2);
    expect(callCount(api, 'POST', `${LIST}/tpl-1/messages`)).toBe(0);

    fireEvent.change(dialog.getByLabelText(/\{date\}/), { target: { value: '2026-12-07' } });
    await user.type(dialog.getByRole('textbox', { name: /\{reason\}/ }), 'snow');
    const preview = within(dialog.getByRole('region', { name: 'Preview' }));
    expectShown(preview.getByText('Las escuelas cierran el lunes, 7 de diciembre por snow.'));
    expectShown(preview.getByText('Schools are closed on Monday, December 7 because of snow.'));
    // French failed in the template: the message's French is translated once it exists.
    expect(
      preview.getByText('Translated by machine once the message is created.').closest('[data-preview]'),
    ).toHaveTextContent('French');

    await user.click(dialog.getByRole('button', { name: 'Create message' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/messages'));
    expect(bodiesSentTo(api, 'POST', `${LIST}/tpl-1/messages`)).toEqual([
      { values: { date: '2026-12-07', reason: 'snow' } },
    ]);
    const opened = await screen.findByRole('dialog');
    expectShown(
      within(opened).getAllByText(
        'Schools are closed on Monday, December 7 because of snow.',
      )[0] as HTMLElement,
    );
  });
});

describe('New template: refuses what the server refuses (decision 0068)', () => {
  it('words the schema’s refusals by their codes, in English and Spanish, and sends nothing', async () => {
    const api = mockMessagesApi({ [`GET ${LIST}`]: () => jsonResponse([]) });
    const user = userEvent.setup({ delay: null });
    const dialog = await openNewTemplate(user);
    const name = dialog.getByRole('textbox', { name: /Template name/ });
    await user.type(name, '  ');
    await user.click(dialog.getByRole('button', { name: 'Save template' }));
    // ZTemplateRequest's required_fields, the code the server answers for the same body.
    expectShown(dialog.getByText(errorText('required_fields')));
    expect(name).toHaveAttribute('aria-invalid', 'true');

    // A title longer than the server takes (only one saved before the limit can be): field_too_long.
    await user.type(name, 'Snow day');
    fireEvent.change(dialog.getByRole('textbox', { name: /^Title/ }), { target: { value: 'a'.repeat(201) } });
    fireEvent.change(dialog.getByRole('textbox', { name: /Message text/ }), { target: { value: 'Closed.' } });
    await user.click(dialog.getByRole('button', { name: 'Save template' }));
    expectShown(dialog.getByText(errorText('field_too_long', { field: 'Title', max: 200 })));

    await act(() => i18n.changeLanguage('es'));
    fireEvent.change(dialog.getByRole('textbox', { name: /^Título/ }), { target: { value: ' ' } });
    await user.click(dialog.getByRole('button', { name: 'Guardar plantilla' }));
    expectShown(dialog.getByText('Complete todos los campos obligatorios.'));
    expect(callCount(api, 'POST', LIST)).toBe(0);
  });
});
