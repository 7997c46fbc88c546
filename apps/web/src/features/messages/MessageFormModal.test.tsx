// The create form offers the station's languages only, each marked with the engine that translates
// it from the original language, and says which chosen languages no engine covers: those
// need setup, and the offline engine's need review before sending (decision 0050).
import { errorText, type TTranslationCoverage, ZMessageRequest } from '@message-station/shared';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { draftKey } from '../../lib/draft-keys';
import { bodiesSentTo, callsTo } from '../../test/api-mock';
import { installFakeEventSource, LANGUAGES, mockMessagesApi } from '../../test/messages-test-helpers';
import { jsonResponse, renderApp, sessionUser } from '../../test/render-app';
import { expectShown } from '../../test/shown';

const COVERAGE = '/admin/api/settings/translation/coverage';

/**
 * The station speaks en, es and fr (de switched off): DeepL covers Spanish (not marked trusted),
 * nothing French; from Spanish, Apertium covers French.
 */
function coverage(url: URL): Response {
  const from = url.searchParams.get('from') ?? 'en';
  const body: TTranslationCoverage =
    from === 'es'
      ? {
          from: 'es',
          languages: [
            { language: 'en', engine: 'deepl', source: 'station', trusted: false, status: 'review' },
            { language: 'fr', engine: 'apertium', source: 'operator', trusted: false, status: 'review' },
          ],
        }
      : {
          from: 'en',
          languages: [
            { language: 'es', engine: 'deepl', source: 'station', trusted: false, status: 'review' },
            { language: 'fr', engine: null, source: null, trusted: false, status: 'needs_setup' },
          ],
        };
  return jsonResponse(body);
}

async function openForm() {
  installFakeEventSource();
  const user = userEvent.setup({ delay: null });
  renderApp('/admin/messages');
  await screen.findByText('No messages yet.');
  await user.click(screen.getByRole('button', { name: 'Add Message' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'New Message' }));
  return { user, dialog };
}

function pills(dialog: ReturnType<typeof within>) {
  return within(dialog.getByRole('group', { name: 'Target Languages' }))
    .getAllByRole('checkbox')
    .map((input) => input.closest('div')?.textContent);
}

describe('New Message: languages and translation coverage', () => {
  it("offers only the station's languages, marks each one's engine, and sends admins to Settings → Translation", async () => {
    const api = mockMessagesApi({
      'GET /admin/api/messages': () => jsonResponse([]),
      [`GET ${COVERAGE}`]: coverage,
    });
    const { user, dialog } = await openForm();

    await waitFor(() => expect(pills(dialog)).toEqual(['SpanishDeepL', 'French needs setup']));
    // What "needs setup" means, in view (a phone has no hover for the pill's tooltip).
    const note = dialog.getByText('French needs setup: no translation engine.', { exact: false });
    expectShown(note);
    await user.click(within(note).getByRole('button', { name: 'Learn more' }));
    expectShown(
      within(note).getByText(
        'Only emergency templates reach this language; other messages arrive in the original with a note.',
      ),
    );
    expect(dialog.getByRole('checkbox', { name: 'French' })).toBeChecked();
    expect(dialog.queryByRole('checkbox', { name: 'Korean' })).not.toBeInTheDocument();
    const notice = dialog.getByText(
      'No translation engine covers English → French: those translations will fail unless you write them by hand.',
    );
    expectShown(notice);
    expect(dialog.getByRole('link', { name: 'Add an engine in Settings → Translation' })).toHaveAttribute(
      'href',
      '/admin/settings?tab=translation',
    );

    // Not choosing French: nothing to warn about.
    await user.click(dialog.getByRole('checkbox', { name: 'French' }));
    expect(dialog.queryByText(/No translation engine covers/)).not.toBeInTheDocument();

    // Written in Spanish: coverage from Spanish, English offered, French now covered.
    await user.selectOptions(dialog.getByRole('combobox', { name: 'Original Language' }), 'es');
    await waitFor(() =>
      expect(pills(dialog)).toEqual(['EnglishDeepL', 'French offline engine — review before sending']),
    );
    expect(dialog.queryByText(/needs setup/)).not.toBeInTheDocument();
    expect(callsTo(api, 'GET', COVERAGE).map((call) => call.url.searchParams.get('from'))).toEqual([
      'en',
      'es',
    ]);
  });

  it('tells staff who are not admins that an admin can add an engine, without the link', async () => {
    mockMessagesApi(
      { 'GET /admin/api/messages': () => jsonResponse([]), [`GET ${COVERAGE}`]: coverage },
      { user: { role: 'user' } },
    );
    const { dialog } = await openForm();
    expectShown(
      await dialog.findByText(
        'No translation engine covers English → French: those translations will fail unless you write them by hand. An admin can add an engine in Settings → Translation.',
      ),
    );
    expect(dialog.queryByRole('link', { name: /Settings → Translation/ })).not.toBeInTheDocument();
  });

  it('offers every language to a station of one language, says why, and creates the message in the one chosen', async () => {
    const api = mockMessagesApi({
      'GET /admin/api/messages': () => jsonResponse([]),
      'GET /admin/api/station-languages': () =>
        jsonResponse(LANGUAGES.filter((l) => l.language_code === 'en')),
      // The server covers every language for a station of one language.
      [`GET ${COVERAGE}`]: () =>
        jsonResponse({
          from: 'en',
          languages: (['es', 'fr', 'de', 'it', 'pt', 'zh', 'ja', 'ko'] as const).map((language) =>
            language === 'es'
              ? { language, engine: 'apertium', source: 'operator', trusted: false, status: 'review' }
              : { language, engine: null, source: null, trusted: false, status: 'needs_setup' },
          ),
        } satisfies TTranslationCoverage),
      'POST /admin/api/messages': () => jsonResponse({ id: 'm-new' }, 201),
    });
    const { user, dialog } = await openForm();
    const oneLanguage = await dialog.findByText(
      'Your station has one language (English): choose any to translate into.',
      { exact: false },
    );
    expectShown(oneLanguage);
    await user.click(within(oneLanguage).getByRole('button', { name: 'Learn more' }));
    expectShown(within(oneLanguage).getByText('An admin can add languages to the station in Settings.'));
    const offered = within(dialog.getByRole('group', { name: 'Target Languages' })).getAllByRole('checkbox');
    expect(offered.map((input) => input.getAttribute('aria-label'))).toEqual([
      'Spanish',
      'French',
      'German',
      'Italian',
      'Portuguese',
      'Chinese',
      'Japanese',
      'Korean',
    ]);
    // Each marked with its engine, as for the station's own languages.
    await waitFor(() =>
      expect(pills(dialog).slice(0, 3)).toEqual([
        'Spanish offline engine — review before sending',
        'French needs setup',
        'German needs setup',
      ]),
    );
    // Nothing chosen for the user: the button waits for a choice, and says so.
    expect(offered.every((input) => !(input as HTMLInputElement).checked)).toBe(true);
    expect(dialog.getByRole('button', { name: 'Create Message' })).toBeDisabled();

    await user.type(dialog.getByRole('textbox', { name: /^Title/ }), 'Road closed');
    await user.type(dialog.getByRole('textbox', { name: /^Original Text/ }), 'Main Street is closed.');
    await user.click(dialog.getByRole('checkbox', { name: 'German' }));
    expectShown(
      dialog.getByText(
        'No translation engine covers English → German: those translations will fail unless you write them by hand.',
      ),
    );
    await user.click(dialog.getByRole('button', { name: 'Create Message' }));
    await waitFor(() =>
      expect(bodiesSentTo<{ target_languages: string[] }>(api, 'POST', '/admin/api/messages')).toEqual([
        expect.objectContaining({ original_language: 'en', target_languages: ['de'] }),
      ]),
    );
  });

  it('still works when coverage cannot be read, and says so', async () => {
    mockMessagesApi({
      'GET /admin/api/messages': () => jsonResponse([]),
      [`GET ${COVERAGE}`]: () => jsonResponse({ error: 'Internal error', code: 'internal_error' }, 500),
    });
    const { dialog } = await openForm();
    expectShown(await dialog.findByText('Could not check which languages can be translated.'));
    expect(pills(dialog)).toEqual(['Spanish', 'French']);
  });
});

describe('New Message: refuses what the server refuses (decision 0068)', () => {
  it('words the schema’s refusal by its code, in English and Spanish, and sends nothing', async () => {
    const api = mockMessagesApi({
      'GET /admin/api/messages': () => jsonResponse([]),
      [`GET ${COVERAGE}`]: coverage,
    });
    const { user, dialog } = await openForm();
    const title = dialog.getByRole('textbox', { name: /^Title/ });
    await user.type(title, '   ');
    await user.type(dialog.getByRole('textbox', { name: /^Original Text/ }), 'River levels rising.');
    await user.click(dialog.getByRole('button', { name: 'Create Message' }));
    // The code the server answers for the same body, worded as a server refusal is.
    const refused = ZMessageRequest.safeParse({
      title: '   ',
      original: 'River levels rising.',
      target_languages: ['es'],
      message_type: 'informational',
    });
    expect(refused.error?.issues[0]?.message).toBe('required_fields');
    expect(dialog.getByRole('alert').textContent).toBe(errorText('required_fields'));
    expect(title).toHaveAttribute('aria-invalid', 'true');

    // In Spanish, the same refusal in Spanish words.
    await act(() => i18n.changeLanguage('es'));
    fireEvent.change(title, { target: { value: ' ' } });
    await user.click(dialog.getByRole('button', { name: 'Crear mensaje' }));
    expect(dialog.getByRole('alert').textContent).toBe('Complete todos los campos obligatorios.');

    // Filled in: the alert goes as the title changes, and the message is created.
    await user.type(title, 'Flood watch');
    expect(dialog.queryByRole('alert')).not.toBeInTheDocument();
    expect(callsTo(api, 'POST', '/admin/api/messages')).toHaveLength(0);
  });
});

describe('New Message: drafts are never lost (decision 0076)', () => {
  const DRAFT = draftKey(sessionUser(), 'message:new');
  const storedDraft = () =>
    (JSON.parse(localStorage.getItem(DRAFT) ?? 'null') as { values?: unknown } | null)?.values;

  it('asks before Escape throws the text away, keeps it through a reload with a notice, and forgets it once created', async () => {
    const api = mockMessagesApi({
      'GET /admin/api/messages': () => jsonResponse([]),
      [`GET ${COVERAGE}`]: coverage,
      'POST /admin/api/messages': () => jsonResponse({ id: 'm-new' }, 201),
    });
    const first = await openForm();
    await first.user.type(first.dialog.getByRole('textbox', { name: /^Title/ }), 'Flood watch');
    await first.user.type(
      first.dialog.getByRole('textbox', { name: /^Original Text/ }),
      'River levels rising.',
    );
    await first.user.selectOptions(first.dialog.getByRole('combobox', { name: 'Type' }), 'alert');
    await first.user.click(first.dialog.getByRole('checkbox', { name: 'French' }));

    await first.user.keyboard('{Escape}');
    const asked = within(await screen.findByRole('dialog', { name: 'Discard this draft?' }));
    await first.user.click(asked.getByRole('button', { name: 'Keep editing' }));
    expect(first.dialog.getByRole('textbox', { name: /^Title/ })).toHaveValue('Flood watch');
    await waitFor(() =>
      expect(storedDraft()).toEqual({
        title: 'Flood watch',
        original: 'River levels rising.',
        originalLanguage: 'en',
        type: 'alert',
        targets: ['es'],
      }),
    );

    // A reload: the page starts again and New Message opens with the draft.
    cleanup();
    const second = await openForm();
    expectShown(second.dialog.getByText('Draft restored'));
    expect(second.dialog.getByRole('textbox', { name: /^Title/ })).toHaveValue('Flood watch');
    expect(second.dialog.getByRole('textbox', { name: /^Original Text/ })).toHaveValue(
      'River levels rising.',
    );
    expect(second.dialog.getByRole('combobox', { name: 'Type' })).toHaveValue('alert');
    expect(second.dialog.getByRole('checkbox', { name: 'French' })).not.toBeChecked();
    await second.user.click(second.dialog.getByRole('button', { name: 'Create Message' }));
    await waitFor(() =>
      expect(bodiesSentTo(api, 'POST', '/admin/api/messages')).toEqual([
        {
          title: 'Flood watch',
          original: 'River levels rising.',
          original_language: 'en',
          target_languages: ['es'],
          message_type: 'alert',
        },
      ]),
    );
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'New Message' })).not.toBeInTheDocument(),
    );
    expect(localStorage.getItem(DRAFT)).toBeNull();

    await second.user.click(screen.getByRole('button', { name: 'Add Message' }));
    const third = within(await screen.findByRole('dialog', { name: 'New Message' }));
    expect(third.getByRole('textbox', { name: /^Title/ })).toHaveValue('');
    expect(third.queryByText('Draft restored')).not.toBeInTheDocument();
  });

  it("keeps one user's draft from another user of the same browser", async () => {
    localStorage.setItem(
      DRAFT,
      JSON.stringify({ values: { title: 'Ana’s draft', original: 'Not for Ben.', originalLanguage: 'en' } }),
    );
    mockMessagesApi(
      { 'GET /admin/api/messages': () => jsonResponse([]), [`GET ${COVERAGE}`]: coverage },
      { user: { id: 'user-2', email: 'ben@demoradio.org', fullName: 'Ben Ortiz' } },
    );
    const { dialog } = await openForm();
    expect(dialog.getByRole('textbox', { name: /^Title/ })).toHaveValue('');
    expect(dialog.queryByText('Draft restored')).not.toBeInTheDocument();
    expect(localStorage.getItem(DRAFT)).not.toBeNull();
  });
});
