import { composedFallbackSms } from '@message-station/shared';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TMessage } from '../../api/messages';
import i18n from '../../i18n';
import { draftKey } from '../../lib/draft-keys';
import { setCookie } from '../../test/cookies';
import { filledButtons } from '../../test/filled-buttons';
import {
  callsTo,
  installFakeEventSource,
  message,
  mockMessagesApi,
  station,
  translation,
} from '../../test/messages-test-helpers';
import { jsonResponse, renderApp, sessionUser } from '../../test/render-app';
import { expectShown } from '../../test/shown';

const LIST = 'GET /admin/api/messages';

async function openDetails(
  messages: TMessage[],
  handlers: Parameters<typeof mockMessagesApi>[0] = {},
  options: Parameters<typeof mockMessagesApi>[1] = {},
) {
  installFakeEventSource();
  const fetchMock = mockMessagesApi({ [LIST]: () => jsonResponse(messages), ...handlers }, options);
  renderApp('/admin/messages');
  const user = userEvent.setup({ delay: null });
  const first = messages[0];
  if (!first) throw new Error('no message');
  const row = (await screen.findByText(first.original)).closest('tr') as HTMLElement;
  await user.click(within(row).getByRole('button', { name: 'Details' }));
  const dialog = within(await screen.findByRole('dialog'));
  return { user, dialog, fetchMock };
}

type TDialog = ReturnType<typeof within>;

/** Delete waits in More actions: opens the menu and picks it. */
async function chooseDelete(user: ReturnType<typeof userEvent.setup>, dialog: TDialog) {
  await user.click(dialog.getByRole('button', { name: 'More actions' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
}

/** Opens one of the detail's tabs and answers its panel. */
async function showTab(user: ReturnType<typeof userEvent.setup>, dialog: TDialog, name: string) {
  await user.click(dialog.getByRole('tab', { name }));
  expect(dialog.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
  return within(dialog.getByRole('tabpanel', { name }));
}

function item(dialog: TDialog, language: string): HTMLElement {
  const found = dialog
    .getByRole('heading', { name: 'Translations' })
    .parentElement?.querySelector(`[data-translation="${language}"]`);
  if (!found) throw new Error(`no translation ${language}`);
  return found as HTMLElement;
}

const failedFrench = translation({
  language_code: 'fr',
  translated_text: null,
  translation_status: 'failed',
  error: 'No translation engine for en→fr: set DEEPL_API_KEY or another provider',
});

/** The Spanish translation after staff corrected it by hand. */
const correctedSpanish = translation({
  language_code: 'es',
  translated_text: 'La calle Main cierra hasta las 5 PM.',
  edited: true,
  review_status: 'corrected',
});
const pendingFrench = translation({
  language_code: 'fr',
  translated_text: null,
  translation_status: 'pending',
});

describe('Message detail modal', () => {
  it('shows the created time, content, type, each translation with its status and the failure reason', async () => {
    const { user, dialog } = await openDetails([
      message({
        translations: [translation({ language_code: 'es' }), failedFrench],
        target_languages: ['es', 'fr', 'ko'],
      }),
    ]);
    expect(screen.getByRole('dialog', { name: 'Road closure' })).toBeVisible();
    expectShown(dialog.getByText('Created just now'));
    expect(dialog.getByText('Content (English)')).toBeVisible();
    expect(dialog.getByText('Main Street is closed until 5 PM.')).toBeVisible();
    expect(dialog.getByText('Alert')).toBeVisible();

    await showTab(user, dialog, 'Translations');

    expect(item(dialog, 'es')).toHaveAttribute('data-status', 'completed');
    expect(within(item(dialog, 'es')).getByText('Hola a todos')).toBeVisible();
    expect(item(dialog, 'fr')).toHaveAttribute('data-status', 'failed');
    expect(
      within(item(dialog, 'fr')).getByText(
        'Translation failed: No translation engine for en→fr: set DEEPL_API_KEY or another provider',
      ),
    ).toBeVisible();
    expect(item(dialog, 'ko')).toHaveAttribute('data-status', 'pending');
    expect(within(item(dialog, 'ko')).getByText('Translating…')).toBeVisible();
  });

  it('keeps the header and actions in view above tabs: Content first, then Translations, Delivery, Audio', async () => {
    const { user, dialog } = await openDetails([message()]);
    expect(dialog.getByRole('tablist', { name: 'Message sections' })).toBeVisible();
    expect(dialog.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Content',
      'Translations',
      'Delivery',
      'Audio',
    ]);
    expect(dialog.getByRole('tab', { name: 'Content' })).toHaveAttribute('aria-selected', 'true');

    const audio = await showTab(user, dialog, 'Audio');
    expectShown(audio.getByRole('button', { name: 'Download audio' }));
    expect(dialog.getByText('Main Street is closed until 5 PM.')).not.toBeVisible();
    for (const name of ['Edit', 'More actions', 'Send SMS', 'Play', 'Stop', 'Export', 'Schedule']) {
      expectShown(dialog.getByRole('button', { name }));
    }
    // Delete is not beside Edit: it waits in More actions.
    expect(dialog.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    // Editing happens on the Content tab, wherever the user was.
    await user.click(dialog.getByRole('button', { name: 'Edit' }));
    expect(dialog.getByRole('tab', { name: 'Content' })).toHaveAttribute('aria-selected', 'true');
    expectShown(dialog.getByRole('textbox', { name: /^Title/ }));
  });

  it('names its tabs in Spanish', async () => {
    await act(() => i18n.changeLanguage('es'));
    try {
      installFakeEventSource();
      mockMessagesApi({ [LIST]: () => jsonResponse([message()]) });
      renderApp('/admin/messages');
      const user = userEvent.setup({ delay: null });
      const row = (await screen.findByText('Main Street is closed until 5 PM.')).closest('tr') as HTMLElement;
      await user.click(within(row).getByRole('button', { name: 'Detalles' }));
      const dialog = within(await screen.findByRole('dialog'));
      expect(dialog.getByRole('tablist', { name: 'Secciones del mensaje' })).toBeVisible();
      expect(dialog.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
        'Contenido',
        'Traducciones',
        'Entrega',
        'Audio',
      ]);
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });

  it('edits title and content, re-translating into the completed languages and those still on their way', async () => {
    setCookie('csrf_token', 'd1');
    const original = message({
      translations: [
        translation({ language_code: 'es' }),
        failedFrench,
        translation({ language_code: 'de', translated_text: 'Hallo' }),
        // Still being translated after an earlier edit: an edit now must not drop Korean.
        translation({ language_code: 'ko', translated_text: null, translation_status: 'pending' }),
      ],
      target_languages: ['es', 'fr', 'de', 'ko', 'it'],
    });
    const { user, dialog, fetchMock } = await openDetails([original], {
      'PUT /admin/api/messages/m-1': () => jsonResponse({ ...original, title: 'Road closure update' }),
      // The admin's approval queue is cached beside the lists: the saved copy goes to the lists only.
      'GET /admin/api/approvals': () => jsonResponse({ count: 0, approvals: [] }),
    });
    await waitFor(() => expect(callsTo(fetchMock, 'GET', '/admin/api/approvals')).toHaveLength(1));

    await user.click(dialog.getByRole('button', { name: 'Edit' }));
    // Italian has no row yet (just asked for): it is on its way too.
    expect(
      dialog.getByText(/re-translates the message into Spanish, German, Korean, Italian\./),
    ).toBeVisible();
    await user.clear(dialog.getByRole('textbox', { name: /^Title/ }));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(dialog.getByText('Title and content are required')).toBeVisible();
    expect(callsTo(fetchMock, 'PUT', '/admin/api/messages/m-1')).toHaveLength(0);

    // Pasted rather than typed key by key: each keystroke re-renders the whole modal.
    await user.click(dialog.getByRole('textbox', { name: /^Title/ }));
    await user.paste('Road closure update');
    await user.clear(dialog.getByRole('textbox', { name: /^Content/ }));
    await user.paste('Main Street reopens at 6 PM.');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(
      await dialog.findByText('Message updated and re-translated successfully', {}, { timeout: 10_000 }),
    ).toBeVisible();
    expect(callsTo(fetchMock, 'PUT', '/admin/api/messages/m-1')[0]?.body).toEqual({
      title: 'Road closure update',
      original: 'Main Street reopens at 6 PM.',
      original_language: 'en',
      target_languages: ['es', 'de', 'ko', 'it'],
      message_type: 'alert',
    });
    // Back in view mode; the success text clears after 2 s.
    expect(dialog.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(dialog.queryByText('Message updated and re-translated successfully')).not.toBeInTheDocument(),
    );
  });

  it('re-translates into Spanish and French when no translation completed, never into the original', async () => {
    setCookie('csrf_token', 'd2');
    const pending = message({ translations: [failedFrench], target_languages: ['fr'] });
    const { user, dialog, fetchMock } = await openDetails([pending], {
      'PUT /admin/api/messages/m-1': () => jsonResponse(pending),
    });
    await user.click(dialog.getByRole('button', { name: 'Edit' }));
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    await dialog.findByText('Message updated and re-translated successfully');
    const body = callsTo(fetchMock, 'PUT', '/admin/api/messages/m-1')[0]?.body as
      | { target_languages: string[] }
      | undefined;
    expect(body?.target_languages).toEqual(['es', 'fr']);
  });

  it('cancels an edit without saving, once the change is confirmed thrown away (decision 0076)', async () => {
    const { user, dialog, fetchMock } = await openDetails([message()]);
    await user.click(dialog.getByRole('button', { name: 'Edit' }));
    await user.type(dialog.getByRole('textbox', { name: /^Title/ }), ' changed');
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    const asked = within(await screen.findByRole('dialog', { name: 'Discard this draft?' }));
    await user.click(asked.getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(dialog.queryByRole('textbox', { name: /^Title/ })).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'PUT', '/admin/api/messages/m-1')).toHaveLength(0);
  });

  it('keeps an edit as a draft through a reload: the detail opens in edit mode with it, and a save forgets it (decision 0076)', async () => {
    setCookie('csrf_token', 'd1');
    const key = draftKey(sessionUser(), 'message-detail:m-1');
    const first = await openDetails([message()]);
    await first.user.click(first.dialog.getByRole('button', { name: 'Edit' }));
    await first.user.clear(first.dialog.getByRole('textbox', { name: /^Title/ }));
    await first.user.type(first.dialog.getByRole('textbox', { name: /^Title/ }), 'Road closure extended');
    // Escape asks, and is kept editing.
    await first.user.keyboard('{Escape}');
    const asked = within(await screen.findByRole('dialog', { name: 'Discard this draft?' }));
    await first.user.click(asked.getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(localStorage.getItem(key)).toContain('Road closure extended'));

    cleanup();
    const second = await openDetails([message()], {
      'PUT /admin/api/messages/m-1': () => jsonResponse(message({ title: 'Road closure extended' })),
    });
    expectShown(second.dialog.getByText('Draft restored'));
    expect(second.dialog.getByRole('textbox', { name: /^Title/ })).toHaveValue('Road closure extended');
    await second.user.click(second.dialog.getByRole('button', { name: 'Save' }));
    await second.dialog.findByText('Message updated and re-translated successfully');
    expect(callsTo(second.fetchMock, 'PUT', '/admin/api/messages/m-1')[0]?.body).toMatchObject({
      title: 'Road closure extended',
    });
    expect(localStorage.getItem(key)).toBeNull();
    expect(second.dialog.queryByText('Draft restored')).not.toBeInTheDocument();
  });

  it('leads with Send SMS as its one filled action', async () => {
    const { dialog } = await openDetails([message()]);
    const send = dialog.getByRole('button', { name: 'Send SMS' });
    expect(filledButtons(screen.getByRole('dialog'))).toEqual([send]);
    for (const name of ['Schedule', 'Play', 'Export', 'Edit']) {
      expect(dialog.getByRole('button', { name })).toHaveAttribute('data-variant', 'default');
    }
  });

  it('deletes only after a confirmation that says it cannot be undone, then closes', async () => {
    setCookie('csrf_token', 'd3');
    let list = [message()];
    const { user, dialog, fetchMock } = await openDetails(list, {
      [LIST]: () => jsonResponse(list),
      'DELETE /admin/api/messages/m-1': () => {
        list = [];
        return jsonResponse({ ok: true });
      },
    });
    await chooseDelete(user, dialog);
    const confirm = within(dialog.getByRole('alertdialog'));
    expect(confirm.getByText('Delete this message? This cannot be undone.')).toBeVisible();
    await user.click(confirm.getByRole('button', { name: 'Cancel' }));
    expect(dialog.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE', '/admin/api/messages/m-1')).toHaveLength(0);

    await chooseDelete(user, dialog);
    await user.click(within(dialog.getByRole('alertdialog')).getByRole('button', { name: 'Delete Message' }));
    expect(await dialog.findByText('Message deleted successfully')).toBeVisible();
    expect(callsTo(fetchMock, 'DELETE', '/admin/api/messages/m-1')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText('No messages yet.')).toBeVisible();
  });

  it('shows the delete failure', async () => {
    setCookie('csrf_token', 'd4');
    const { user, dialog } = await openDetails([message()], {
      'DELETE /admin/api/messages/m-1': () => jsonResponse({}, 500),
    });
    await chooseDelete(user, dialog);
    await user.click(within(dialog.getByRole('alertdialog')).getByRole('button', { name: 'Delete Message' }));
    expect(await dialog.findByText('Failed to delete message')).toBeVisible();
  });

  it('corrects a translation by hand and marks it edited', async () => {
    setCookie('csrf_token', 'd5');
    const original = message();
    const corrected = message({ translations: [correctedSpanish, pendingFrench] });
    let list = [original];
    const { user, dialog, fetchMock } = await openDetails(list, {
      [LIST]: () => jsonResponse(list),
      'PUT /admin/api/messages/m-1/translations/es': () => {
        list = [corrected];
        return jsonResponse(corrected);
      },
    });
    await showTab(user, dialog, 'Translations');
    expect(within(item(dialog, 'es')).queryByText('Written by staff')).not.toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Edit the Spanish translation' }));
    const text = dialog.getByRole('textbox', { name: 'Spanish translation' });
    expect(text).toHaveValue('La calle Main está cerrada hasta las 5 PM.');
    await user.clear(text);
    await user.click(dialog.getByRole('button', { name: 'Save Translation' }));
    expect(dialog.getByText('The translation cannot be empty')).toBeVisible();
    await user.type(text, 'La calle Main cierra hasta las 5 PM.');
    await user.click(dialog.getByRole('button', { name: 'Save Translation' }));

    expect(await within(item(dialog, 'es')).findByText('Written by staff')).toBeVisible();
    expect(within(item(dialog, 'es')).getByText('La calle Main cierra hasta las 5 PM.')).toBeVisible();
    expect(callsTo(fetchMock, 'PUT', '/admin/api/messages/m-1/translations/es')[0]?.body).toEqual({
      translated_text: 'La calle Main cierra hasta las 5 PM.',
    });
  });

  it('closes the editor as soon as the server answers, while the lists still refetch', async () => {
    setCookie('csrf_token', 'd5b');
    const corrected = message({ translations: [correctedSpanish] });
    let saved = false;
    const { user, dialog } = await openDetails([message()], {
      // After the save the list's refetch never answers (a slow server): the editor must not wait.
      [LIST]: () => (saved ? new Promise<Response>(() => {}) : jsonResponse([message()])),
      'PUT /admin/api/messages/m-1/translations/es': () => {
        saved = true;
        return jsonResponse(corrected);
      },
    });
    await showTab(user, dialog, 'Translations');
    await user.click(dialog.getByRole('button', { name: 'Edit the Spanish translation' }));
    const text = dialog.getByRole('textbox', { name: 'Spanish translation' });
    await user.clear(text);
    await user.type(text, 'La calle Main cierra hasta las 5 PM.');
    await user.click(dialog.getByRole('button', { name: 'Save Translation' }));
    await waitFor(() =>
      expect(dialog.queryByRole('textbox', { name: 'Spanish translation' })).not.toBeInTheDocument(),
    );
    expect(within(item(dialog, 'es')).getByText('Written by staff')).toBeVisible();
    expect(dialog.getByRole('button', { name: 'Edit the Spanish translation' })).toBeEnabled();
  });

  it('marks a machine translation reviewed', async () => {
    const original = message();
    const reviewed = message({
      translations: [
        translation({
          language_code: 'es',
          translated_text: 'La calle Main está cerrada hasta las 5 PM.',
          review_status: 'reviewed',
          reviewed_at: new Date().toISOString(),
        }),
        translation({ language_code: 'fr', translated_text: null, translation_status: 'pending' }),
      ],
    });
    let list = [original];
    const { user, dialog, fetchMock } = await openDetails(list, {
      [LIST]: () => jsonResponse(list),
      'POST /admin/api/messages/m-1/translations/es/review': () => {
        list = [reviewed];
        return jsonResponse(reviewed);
      },
    });
    await showTab(user, dialog, 'Translations');
    expectShown(within(item(dialog, 'es')).getByText('Machine translation (not reviewed)'));
    // A translation still being made cannot be reviewed yet.
    expect(
      within(item(dialog, 'fr')).queryByRole('button', { name: 'Mark reviewed: the French translation' }),
    ).not.toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Mark reviewed: the Spanish translation' }));
    expect(await within(item(dialog, 'es')).findByText('Reviewed by staff')).toBeVisible();
    expect(
      within(item(dialog, 'es')).queryByRole('button', { name: 'Mark reviewed: the Spanish translation' }),
    ).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/admin/api/messages/m-1/translations/es/review')).toHaveLength(1);
  });

  it('shows where each translation came from, the unreviewed ones in the warning colour', async () => {
    const sources = [
      'phrasebook',
      'staff',
      'reviewed',
      'trusted_engine',
      'offline_engine',
      'engine',
    ] as const;
    const codes = ['es', 'fr', 'de', 'it', 'pt', 'zh'] as const;
    const shown = message({
      target_languages: [...codes],
      translations: codes.map((language_code, index) =>
        translation({ language_code, translated_text: `Text ${language_code}`, source: sources[index] }),
      ),
    });
    const { user, dialog } = await openDetails([shown]);
    await showTab(user, dialog, 'Translations');
    const badge = (language: string) => item(dialog, language).querySelector('[data-source]') as HTMLElement;
    expect(codes.map((language) => badge(language).textContent)).toEqual([
      'Phrasebook',
      'Written by staff',
      'Reviewed by staff',
      'Trusted engine',
      'Offline engine (not reviewed)',
      'Machine translation (not reviewed)',
    ]);
    for (const language of codes) expectShown(badge(language));
    // Nobody vouches for the last two: orange, not grey; the others in their own colours.
    const colour = (language: string) => badge(language).getAttribute('style') ?? '';
    expect(colour('pt')).toContain('orange');
    expect(colour('zh')).toContain('orange');
    for (const language of ['es', 'fr', 'de', 'it']) {
      expect(colour(language)).not.toContain('orange');
      expect(colour(language)).not.toContain('gray');
    }

    const offline = badge('pt');
    const phrasebook = badge('es');
    await act(() => i18n.changeLanguage('es'));
    expect(offline.textContent).toBe('Motor sin conexión (sin revisar)');
    expect(phrasebook.textContent).toBe('Frases verificadas');
  });

  it('shows a correction of the earlier original beside the new translation and keeps it when chosen', async () => {
    const stale = message({
      translations: [
        translation({
          language_code: 'es',
          translated_text: 'La calle Main está cerrada hasta las 6 PM.',
          previous_correction: 'La calle Main cierra hasta las 5 PM.',
        }),
      ],
      target_languages: ['es'],
    });
    const kept = message({
      translations: [
        translation({
          language_code: 'es',
          translated_text: 'La calle Main cierra hasta las 5 PM.',
          edited: true,
          review_status: 'corrected',
        }),
      ],
      target_languages: ['es'],
    });
    let list = [stale];
    const { user, dialog, fetchMock } = await openDetails(list, {
      [LIST]: () => jsonResponse(list),
      'POST /admin/api/messages/m-1/translations/es/choose': () => {
        list = [kept];
        return jsonResponse(kept);
      },
    });
    await showTab(user, dialog, 'Translations');
    const spanish = within(item(dialog, 'es'));
    expectShown(spanish.getByText('The original changed since your correction'));
    expectShown(spanish.getByText('La calle Main está cerrada hasta las 6 PM.'));
    expectShown(spanish.getByText('La calle Main cierra hasta las 5 PM.'));
    // The new translation is not approved by choosing nothing: no "Mark reviewed" while the choice waits.
    expect(spanish.queryByRole('button', { name: /Mark reviewed: the Spanish/ })).not.toBeInTheDocument();
    await user.click(spanish.getByRole('button', { name: 'Keep my correction' }));
    expect(await within(item(dialog, 'es')).findByText('Written by staff')).toBeVisible();
    expect(
      within(item(dialog, 'es')).queryByText('The original changed since your correction'),
    ).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/admin/api/messages/m-1/translations/es/choose')[0]?.body).toEqual({
      keep: 'correction',
    });
  });

  it('warns of numbers a translation lost and shows it put back into the original language on request', async () => {
    const shown = message({
      original: 'Shelter at 450 Oak Avenue until 6 PM.',
      translations: [
        translation({
          language_code: 'es',
          translated_text: 'Refugio en la avenida Oak hasta las 6 PM.',
          warnings: [{ code: 'numbers_missing', detail: '450' }],
        }),
      ],
      target_languages: ['es'],
    });
    const { user, dialog, fetchMock } = await openDetails([shown], {
      'POST /admin/api/messages/m-1/translations/es/back-translation': () =>
        jsonResponse({
          language_code: 'es',
          original_language: 'en',
          translated_text: 'Refugio en la avenida Oak hasta las 6 PM.',
          back_translation: 'Shelter on Oak Avenue until 6 PM.',
        }),
    });
    await showTab(user, dialog, 'Translations');
    const spanish = within(item(dialog, 'es'));
    expectShown(
      spanish.getByText(
        'Numbers of the original are missing from this translation: 450. Check them before sending.',
      ),
    );
    await user.click(
      spanish.getByRole('button', {
        name: 'Check in English: translate the Spanish translation back into English',
      }),
    );
    expectShown(await spanish.findByText('Back into English by the translation engine'));
    expectShown(spanish.getByText('Shelter on Oak Avenue until 6 PM.'));
    expect(
      callsTo(fetchMock, 'POST', '/admin/api/messages/m-1/translations/es/back-translation'),
    ).toHaveLength(1);
  });

  it('says in words when the translation cannot be put back', async () => {
    const { user, dialog } = await openDetails([message()], {
      'POST /admin/api/messages/m-1/translations/es/back-translation': () =>
        jsonResponse(
          {
            error:
              'The translation could not be put back into the original language: DeepL refused the key (403)',
            code: 'back_translation_failed',
            params: { detail: 'DeepL refused the key (403)' },
          },
          502,
        ),
    });
    await showTab(user, dialog, 'Translations');
    const spanish = within(item(dialog, 'es'));
    await user.click(
      spanish.getByRole('button', {
        name: 'Check in English: translate the Spanish translation back into English',
      }),
    );
    expectShown(
      await spanish.findByText(
        'The translation could not be put back into the original language: DeepL refused the key (403)',
      ),
    );
  });

  it('previews characters, encoding and segments of the SMS as sent in the original and each target language', async () => {
    const long = 'A'.repeat(161);
    const { dialog } = await openDetails([
      message({
        original: long,
        translations: [
          translation({ language_code: 'es', translated_text: 'Hola {a} todos' }),
          translation({ language_code: 'ja', translated_text: '本日は休館です' }),
          failedFrench,
        ],
        target_languages: ['es', 'ja', 'fr'],
      }),
    ]);
    const preview = within(dialog.getByRole('table', { name: 'SMS Preview' }));
    const rows = preview
      .getAllByRole('row')
      .slice(1)
      .map((row) => Array.from(row.querySelectorAll('td')).map((td) => td.textContent));
    // "Demo Radio: " before the text, a new line and the opt-out line in the language after it.
    // French has no translation: its subscribers get the original and the untranslated notice.
    const french = composedFallbackSms('Demo Radio', long, 'fr', 'en');
    expect(french.body).toContain(long);
    expect(rows).toEqual([
      ['English (original)', '195', 'GSM-7', '2'],
      ['Spanish', '54', 'GSM-7', '1'],
      ['Japanese', '32', 'UCS-2', '1'],
      ['Frenchoriginal + note', String(french.characters), french.encoding, String(french.segments)],
    ]);
  });

  describe('Send SMS and machine controls', () => {
    async function sendButton(options: Parameters<typeof openDetails>[2], stationOverrides = {}) {
      const opened = await openDetails(
        [message()],
        { 'GET /admin/api/station': () => jsonResponse(station(stationOverrides)) },
        options,
      );
      return { ...opened, button: opened.dialog.getByRole('button', { name: 'Send SMS' }) };
    }

    it('is disabled for a non-admin with the tooltip Admin only; an attempt says why', async () => {
      const { user, dialog, button } = await sendButton({ user: { role: 'user' } });
      expect(button).toHaveAttribute('aria-disabled', 'true');
      await user.hover(button);
      expect(await screen.findByText('Admin only')).toBeVisible();
      await user.click(button);
      expect(await dialog.findByText('Only admins can send SMS messages')).toBeVisible();
      expect(dialog.queryByRole('alertdialog')).not.toBeInTheDocument();
    });

    it('is disabled with SMS not enabled', async () => {
      const { user, dialog } = await sendButton({}, { sms_enabled: false });
      const button = dialog.getByRole('button', { name: 'Send SMS' });
      await user.hover(button);
      expect(await screen.findByText('SMS not enabled')).toBeVisible();
      expect(button).toHaveAttribute('aria-disabled', 'true');
    });

    it('is disabled with No SMS credits', async () => {
      const { user, dialog } = await sendButton({}, { sms_credits_balance: 0 });
      const button = dialog.getByRole('button', { name: 'Send SMS' });
      await user.hover(button);
      expect(await screen.findByText('No SMS credits')).toBeVisible();
      expect(button).toHaveAttribute('aria-disabled', 'true');
    });

    it('asks for confirmation before sending to all active subscribers when allowed', async () => {
      setCookie('csrf_token', 'd6');
      const { user, dialog, fetchMock, button } = await sendButton({});
      await waitFor(() => expect(button).not.toHaveAttribute('aria-disabled'));
      await user.click(button);
      const confirm = within(dialog.getByRole('alertdialog'));
      expect(
        confirm.getByText(/every active subscriber of Alert messages\? SMS credits will be charged/),
      ).toBeVisible();
      await user.click(confirm.getByRole('button', { name: 'Cancel' }));
      expect(callsTo(fetchMock, 'POST', '/admin/api/messages/m-1/send-sms')).toHaveLength(0);
    });

    it('has no machine to choose, so Play, Stop and Export ask for one', async () => {
      const { user, dialog, fetchMock } = await openDetails([message()]);
      const machine = (await dialog.findByPlaceholderText('No machines connected')) as HTMLInputElement;
      expect(machine.disabled).toBe(true);
      for (const name of ['Play', 'Stop', 'Export']) {
        expect(dialog.getByRole('button', { name })).toHaveAttribute('aria-disabled', 'true');
      }
      await user.hover(dialog.getByRole('button', { name: 'Play' }));
      expect(await screen.findByText('Please select a machine')).toBeVisible();
      await user.click(dialog.getByRole('button', { name: 'Export' }));
      expect(within(dialog.getByRole('alert')).getByText('Please select a machine')).toBeVisible();
      expect(callsTo(fetchMock, 'POST', '/admin/api/messages/m-1/export')).toHaveLength(0);
    });
  });
});
