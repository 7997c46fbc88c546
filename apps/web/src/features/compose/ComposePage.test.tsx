import { IDEMPOTENCY_KEY_HEADER } from '@message-station/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { TMessage } from '../../api/messages';
import type { TTemplate } from '../../api/templates';
import type { TApiHandler } from '../../test/api-mock';
import { setCookie } from '../../test/cookies';
import {
  callsTo,
  FakeEventSource,
  installFakeEventSource,
  message,
  mockMessagesApi,
  previewLanguage,
  sendPreview,
  translation,
} from '../../test/messages-test-helpers';
import { jsonResponse, renderApp } from '../../test/render-app';
import { expectShown } from '../../test/shown';
import { COMPOSE_SAVE_DELAY_MS } from './ComposePage';

const TEXT = 'The river road is flooded between Elm and Oak. Avoid the area tonight.';
const SPANISH = 'La carretera del río está inundada entre Elm y Oak. Evite la zona esta noche.';
const PREVIEW = 'GET /admin/api/messages/:id/send-sms/preview';
const SAVE_WAIT = { timeout: 4000 };

function draft(overrides: Partial<TMessage> = {}): TMessage {
  return message({
    id: 'm-9',
    title: 'The river road is flooded between Elm and Oak. Avoid the…',
    original: TEXT,
    message_type: 'emergency',
    target_languages: ['es', 'fr'],
    translations: [
      translation({ language_code: 'es', translated_text: SPANISH }),
      translation({ language_code: 'fr', translated_text: null, translation_status: 'pending' }),
    ],
    ...overrides,
  });
}

/** Emergency to 2 Spanish and 1 English subscribers; the Spanish a machine's nobody reviewed. */
function emergencyPreview(overrides: Parameters<typeof sendPreview>[0] = {}) {
  return sendPreview({
    emergency: true,
    recipients: 3,
    credits: 5,
    languages: [
      previewLanguage({
        language: 'en',
        recipients: 1,
        segments: 1,
        credits: 1,
        review: 'original',
        source: null,
        delivery: 'original',
        body: TEXT,
      }),
      previewLanguage({
        language: 'es',
        recipients: 2,
        segments: 2,
        credits: 4,
        review: 'machine',
        source: 'engine',
        body: SPANISH,
      }),
    ],
    ...overrides,
  });
}

function template(overrides: Partial<TTemplate> = {}): TTemplate {
  const now = new Date().toISOString();
  return {
    id: 'tpl-1',
    name: 'Boil water',
    message_type: 'emergency',
    title: 'Boil water notice',
    original: 'Boil all tap water before drinking until further notice.',
    original_language: 'en',
    fields: [],
    translations: [
      {
        language_code: 'es',
        translated_text: 'Hierva toda el agua del grifo antes de beberla hasta nuevo aviso.',
        translation_status: 'completed',
        error: null,
        lost_fields: [],
        review_status: 'reviewed',
        reviewed_at: now,
        previous_correction: null,
        updated_at: now,
      },
    ],
    created_at: now,
    updated_at: now,
    ...overrides,
  };
}

function mockCompose(handlers: Record<string, TApiHandler>, user: { role?: 'admin' | 'user' } = {}) {
  installFakeEventSource();
  return mockMessagesApi(
    {
      'GET /admin/api/templates': () => jsonResponse([template()]),
      'GET /admin/api/messages': () => jsonResponse([]),
      ...handlers,
    },
    { user },
  );
}

async function typeAlert() {
  const user = userEvent.setup({ delay: null });
  await user.type(await screen.findByRole('textbox', { name: /^Alert text/ }), TEXT);
  return user;
}

describe('New alert', () => {
  it('makes typed text a draft after a pause and shows each language with its figures, the totals and one Send', async () => {
    let saved = draft();
    const fetchMock = mockCompose({
      'POST /admin/api/messages': () => jsonResponse(saved, 201),
      'GET /admin/api/messages': () => jsonResponse([saved]),
      [PREVIEW]: () => jsonResponse(emergencyPreview()),
    });
    renderApp('/admin/alert');
    expect(await screen.findByRole('heading', { level: 1, name: 'New alert' })).toBeVisible();
    // Emergency by default, among the station's active types only.
    const type = await screen.findByRole('combobox', { name: 'Message type' });
    expect(type).toHaveValue('emergency');
    expect(within(type).queryByRole('option', { name: 'Informational' })).not.toBeInTheDocument();
    expect(screen.getByText('The alert is kept as a draft in Messages until it is sent.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();

    await typeAlert();
    const send = await screen.findByRole('button', { name: 'Send to 3 recipients' }, SAVE_WAIT);
    // One message, titled by the text's first words, in every other station language.
    const created = callsTo(fetchMock, 'POST', '/admin/api/messages');
    expect(created).toHaveLength(1);
    expect(created[0]?.body).toEqual({
      title: 'The river road is flooded between Elm and Oak. Avoid the…',
      original: TEXT,
      original_language: 'en',
      target_languages: ['es', 'fr'],
      message_type: 'emergency',
    });

    const spanish = document.querySelector('[data-compose-language="es"]') as HTMLElement;
    expect(within(spanish).getByText(SPANISH)).toBeVisible();
    expect(within(spanish).getByText('Machine translation (not reviewed)')).toBeVisible();
    expect(within(spanish).getByText('2 recipients · 2 segments · 4 credits')).toBeVisible();
    const english = document.querySelector('[data-compose-language="en"]') as HTMLElement;
    expect(within(english).getByText('Original')).toBeVisible();
    expect(within(english).getByText('1 recipient · 1 segment · 1 credit')).toBeVisible();
    // French is still translating: its subscribers have none yet, and Send waits for it.
    const french = document.querySelector('[data-compose-language="fr"]') as HTMLElement;
    expect(within(french).getAllByText('Translating…').length).toBeGreaterThan(0);
    expect(within(french).getByText('0 recipients · 0 segments · 0 credits')).toBeVisible();
    expectShown(screen.getByText('Total: 3 recipients, 5 credits'));
    expectShown(screen.getByText("This send uses 5 of the station's 250 SMS credits."));
    expect(
      screen.getByText('Emergency messages go out at once, also to recipients outside 8 AM–9 PM local time.'),
    ).toBeVisible();
    expect(send).toBeDisabled();
    expect(screen.getByText('Waiting for the translations…')).toBeVisible();

    // The French arrives through the stream: Send is ready.
    saved = draft({
      updatedAt: new Date(Date.now() + 1000).toISOString(),
      translations: [
        translation({ language_code: 'es', translated_text: SPANISH }),
        translation({ language_code: 'fr', translated_text: 'La route est inondée.' }),
      ],
    });
    FakeEventSource.at('/admin/api/messages/stream').emit('translation_updated', {
      message_id: 'm-9',
      language_code: 'fr',
    });
    expect(await screen.findByText('La route est inondée.')).toBeVisible();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Send to 3 recipients' })).toBeEnabled());
  });

  it('updates the same draft (PUT) when the text changes after it was made', async () => {
    let saved = draft();
    const fetchMock = mockCompose({
      'POST /admin/api/messages': () => jsonResponse(saved, 201),
      'PUT /admin/api/messages/m-9': (_url, sent) => {
        const body = sent.body as { original: string; title: string };
        saved = draft({
          original: body.original,
          title: body.title,
          updatedAt: new Date(Date.now() + 1000).toISOString(),
        });
        return jsonResponse(saved);
      },
      'GET /admin/api/messages': () => jsonResponse([saved]),
      [PREVIEW]: () => jsonResponse(emergencyPreview()),
    });
    renderApp('/admin/alert');
    const user = await typeAlert();
    await screen.findByRole('button', { name: 'Send to 3 recipients' }, SAVE_WAIT);
    await user.type(screen.getByRole('textbox', { name: /^Alert text/ }), ' Use Route 9.');
    await waitFor(
      () => expect(callsTo(fetchMock, 'PUT', '/admin/api/messages/m-9')).toHaveLength(1),
      SAVE_WAIT,
    );
    expect(callsTo(fetchMock, 'PUT', '/admin/api/messages/m-9')[0]?.body).toMatchObject({
      original: `${TEXT} Use Route 9.`,
      target_languages: ['es', 'fr'],
      message_type: 'emergency',
    });
    expect(callsTo(fetchMock, 'POST', '/admin/api/messages')).toHaveLength(1);
  });

  it('says the server refusal of the draft in words', async () => {
    const fetchMock = mockCompose({
      'POST /admin/api/messages': () =>
        jsonResponse({ error: 'no target', code: 'target_language_required' }, 400),
    });
    renderApp('/admin/alert');
    await typeAlert();
    expect(
      await screen.findByText('Please select at least one target language', {}, SAVE_WAIT),
    ).toBeVisible();
    expect(callsTo(fetchMock, 'POST', '/admin/api/messages')).toHaveLength(1);
  });

  it('sends after the confirmation, where an unreviewed emergency text needs "Send anyway"', async () => {
    setCookie('csrf_token', 's1');
    const saved = draft({
      translations: [
        translation({ language_code: 'es', translated_text: SPANISH }),
        translation({ language_code: 'fr', translated_text: 'La route est inondée.' }),
      ],
    });
    const fetchMock = mockCompose({
      'POST /admin/api/messages': () => jsonResponse(saved, 201),
      'GET /admin/api/messages': () => jsonResponse([saved]),
      [PREVIEW]: () =>
        jsonResponse(emergencyPreview({ review_required: true, unreviewed_languages: ['es'] })),
      'POST /admin/api/messages/:id/translations/:language/back-translation': () =>
        jsonResponse({
          language_code: 'es',
          original_language: 'en',
          translated_text: SPANISH,
          back_translation: TEXT,
          overlap: 1,
          far: false,
        }),
      'POST /admin/api/messages/m-9/send-sms': () =>
        jsonResponse({ sent_count: 3, send_id: 's-1', credits: 5, waiting: 0, balance: 245 }),
    });
    renderApp('/admin/alert');
    const user = await typeAlert();
    const send = await screen.findByRole('button', { name: 'Send to 3 recipients' }, SAVE_WAIT);
    await waitFor(() => expect(send).toBeEnabled());
    await user.click(send);

    const confirm = within(await screen.findByRole('alertdialog'));
    expectShown(await confirm.findByText("This send uses 5 of the station's 250 SMS credits."));
    const go = confirm.getByRole('button', { name: 'Send to 3 recipients' });
    expect(go).toBeDisabled();
    await user.click(confirm.getByRole('checkbox', { name: 'Send anyway: the Spanish text' }));
    await user.click(go);

    expect(await screen.findByText('SMS sent successfully to 3 subscribers.')).toBeVisible();
    expect(screen.getByText('5 credits were charged; the station has 245 left.')).toBeVisible();
    const sent = callsTo(fetchMock, 'POST', '/admin/api/messages/m-9/send-sms');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({ send_unreviewed: true });
    expect(sent[0]?.headers.get(IDEMPOTENCY_KEY_HEADER)).toMatch(/\S{8,}/);
    expect(screen.getByRole('link', { name: 'Follow its delivery in Messages' })).toHaveAttribute(
      'href',
      '/admin/messages?message=m-9',
    );
  });

  it('?template= makes the message from the template at once, with its vetted translation', async () => {
    const fromTemplate = draft({
      id: 'm-t',
      title: 'Boil water notice',
      original: 'Boil all tap water before drinking until further notice.',
      translations: [
        translation({
          language_code: 'es',
          translated_text: 'Hierva toda el agua del grifo antes de beberla hasta nuevo aviso.',
          review_status: 'reviewed',
        }),
        translation({ language_code: 'fr', translated_text: "Faites bouillir l'eau." }),
      ],
    });
    const fetchMock = mockCompose({
      'POST /admin/api/templates/tpl-1/messages': () => jsonResponse(fromTemplate, 201),
      'GET /admin/api/messages': () => jsonResponse([fromTemplate]),
      [PREVIEW]: () =>
        jsonResponse(
          emergencyPreview({
            languages: [previewLanguage({ language: 'es', recipients: 3, segments: 1, credits: 3 })],
            credits: 3,
          }),
        ),
    });
    renderApp('/admin/alert?template=tpl-1');
    expect(await screen.findByRole('button', { name: 'Send to 3 recipients' }, SAVE_WAIT)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Boil water' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('textbox', { name: /^Alert text/ })).toHaveValue(
      'Boil all tap water before drinking until further notice.',
    );
    const spanish = document.querySelector('[data-compose-language="es"]') as HTMLElement;
    expect(within(spanish).getByText('Reviewed by staff')).toBeVisible();
    expect(within(spanish).getByText('3 recipients · 1 segment · 3 credits')).toBeVisible();
    expect(callsTo(fetchMock, 'POST', '/admin/api/templates/tpl-1/messages')[0]?.body).toEqual({
      values: {},
    });
    // Nothing typed: no other message, no update.
    expect(callsTo(fetchMock, 'POST', '/admin/api/messages')).toHaveLength(0);
    expect(callsTo(fetchMock, 'PUT', '/admin/api/messages/m-t')).toHaveLength(0);
  });

  it('a standard user asks an admin to send instead of sending', async () => {
    const saved = draft();
    mockCompose(
      {
        'POST /admin/api/messages': () => jsonResponse(saved, 201),
        'GET /admin/api/messages': () => jsonResponse([saved]),
        [PREVIEW]: () => jsonResponse(emergencyPreview()),
      },
      { role: 'user' },
    );
    renderApp('/admin/alert');
    await typeAlert();
    expect(await screen.findByRole('button', { name: 'Ask an admin to send' }, SAVE_WAIT)).toBeVisible();
    expect(screen.queryByRole('button', { name: /^Send to/ })).not.toBeInTheDocument();
  });

  it('shows a message awaiting a second admin as such, and holds Send', async () => {
    const saved = draft({
      translations: [
        translation({ language_code: 'es', translated_text: SPANISH }),
        translation({ language_code: 'fr', translated_text: 'La route est inondée.' }),
      ],
      approval: {
        message_id: 'm-9',
        status: 'pending',
        required: true,
        revision: 1,
        author_id: 'user-1',
        requested_by: { id: 'user-1', name: 'Ana Rivera' },
        requested_at: new Date().toISOString(),
        decided_by: null,
        decided_at: null,
        comment: null,
      },
    });
    mockCompose({
      'POST /admin/api/messages': () => jsonResponse(saved, 201),
      'GET /admin/api/messages': () => jsonResponse([saved]),
      [PREVIEW]: () => jsonResponse(emergencyPreview()),
    });
    renderApp('/admin/alert');
    await typeAlert();
    expect(await screen.findByText('Awaiting approval', {}, SAVE_WAIT)).toBeVisible();
    expect(screen.getByText("Awaiting a second admin's approval")).toBeVisible();
    expect(await screen.findByRole('button', { name: 'Send to 3 recipients' })).toBeDisabled();
  });

  it('says why nobody would get it when the type has no subscribers', async () => {
    const saved = draft();
    mockCompose({
      'POST /admin/api/messages': () => jsonResponse(saved, 201),
      'GET /admin/api/messages': () => jsonResponse([saved]),
      [PREVIEW]: () =>
        jsonResponse({ error: 'none', code: 'no_audience', params: { message_type: 'emergency' } }, 400),
    });
    renderApp('/admin/alert');
    await typeAlert();
    expect(
      await screen.findByText('No active subscribers receive emergency messages yet.', {}, SAVE_WAIT),
    ).toBeVisible();
  });

  describe('the phrasebook (decision 0050)', () => {
    const PHRASE = 'POST /admin/api/messages/phrasebook';
    const TORNADO =
      'TORNADO EMERGENCY for Moore until 11:45 PM. A large, destructive tornado has touched down. Take cover now in a basement or an interior room on the lowest floor, away from windows.';

    /** The Tornado Emergency the server makes from the entry, its translations the phrasebook's. */
    const tornadoDraft = (id: string) =>
      draft({
        id,
        title: 'Tornado Emergency',
        original: TORNADO,
        translations: [
          translation({
            language_code: 'es',
            translated_text: 'EMERGENCIA POR TORNADO en Moore…',
            source: 'phrasebook',
          }),
          translation({
            language_code: 'fr',
            translated_text: 'URGENCE TORNADE à Moore…',
            source: 'phrasebook',
          }),
        ],
      });
    /** A station without templates whose server makes `made` from the entry. */
    const madeFromEntry = (made: TMessage): Record<string, TApiHandler> => ({
      'GET /admin/api/templates': () => jsonResponse([]),
      [PHRASE]: () => jsonResponse(made, 201),
      'GET /admin/api/messages': () => jsonResponse([made]),
      [PREVIEW]: () => jsonResponse(emergencyPreview({ credits: 3 })),
    });

    it('offers the vetted entries of the type to a station without templates', async () => {
      mockCompose({ 'GET /admin/api/templates': () => jsonResponse([]) });
      renderApp('/admin/alert');
      const entry = await screen.findByRole('button', { name: 'Tornado Emergency' });
      expect(entry).toHaveAttribute('aria-pressed', 'false');
      expect(screen.queryByText(/No templates for/)).not.toBeInTheDocument();
      // Only the entries of the chosen type: an informational one is not offered for Emergency.
      expect(screen.queryByRole('button', { name: 'Power Outage' })).not.toBeInTheDocument();
    });

    it('finds an entry by a word of its title or text, with no tap more when nothing is searched', async () => {
      mockCompose({ 'GET /admin/api/templates': () => jsonResponse([]) });
      renderApp('/admin/alert');
      const user = userEvent.setup({ delay: null });
      const search = await screen.findByRole('searchbox', { name: 'Find a template' });
      expect(screen.getByRole('button', { name: 'Tornado Emergency' })).toBeVisible();
      // A word of the text ("inland", Tsunami Warning's), not of any title.
      await user.type(search, 'INLAND');
      expect(screen.getByRole('button', { name: 'Tsunami Warning' })).toBeVisible();
      expect(screen.queryByRole('button', { name: 'Tornado Emergency' })).not.toBeInTheDocument();
      await user.clear(search);
      await user.type(search, 'volcano');
      expect(screen.getByRole('status')).toHaveTextContent('No template matches “volcano”.');
      await user.clear(search);
      expect(screen.getByRole('button', { name: 'Tornado Emergency' })).toBeVisible();
    });

    it('says a field is missing once it is left empty', async () => {
      mockCompose({ 'GET /admin/api/templates': () => jsonResponse([]) });
      renderApp('/admin/alert');
      const user = userEvent.setup({ delay: null });
      await user.click(await screen.findByRole('button', { name: 'Tornado Emergency' }));
      const place = screen.getByRole('textbox', { name: /^Place/ });
      await user.click(place);
      await user.tab();
      expect(place).toHaveAccessibleDescription(/Fill in this field/);
    });

    it('asks for every field before the message is made, then makes it through the phrasebook', async () => {
      const made = tornadoDraft('m-p');
      const fetchMock = mockCompose({
        ...madeFromEntry(made),
      });
      renderApp('/admin/alert');
      const user = userEvent.setup({ delay: null });
      await user.click(await screen.findByRole('button', { name: 'Tornado Emergency' }));
      expect(screen.getByText('Vetted in all nine languages')).toBeVisible();
      // Until the fields are filled the text shows them by name, and nothing is made.
      expect(screen.getByRole('textbox', { name: /^Alert text/ })).toHaveValue(
        TORNADO.replace('Moore', '[Place]').replace('11:45 PM', '[Time]'),
      );
      const done = screen.getByRole('button', { name: 'Use these values' });
      expect(done).toBeDisabled();
      await user.type(screen.getByRole('textbox', { name: /^Place/ }), 'Moore');
      expect(done).toBeDisabled();
      await user.type(screen.getByRole('textbox', { name: /^Time/ }), '11:45 PM');
      expect(callsTo(fetchMock, 'POST', '/admin/api/messages/phrasebook')).toHaveLength(0);
      await user.click(done);
      expect(await screen.findByRole('button', { name: 'Send to 3 recipients' }, SAVE_WAIT)).toBeVisible();
      expect(callsTo(fetchMock, 'POST', '/admin/api/messages/phrasebook')[0]?.body).toEqual({
        phrase_id: 'tornado_emergency',
        fields: { place: 'Moore', time: '11:45 PM' },
        original_language: 'en',
        target_languages: ['es', 'fr'],
        message_type: 'emergency',
      });
      expect(screen.getByRole('textbox', { name: /^Alert text/ })).toHaveValue(TORNADO);
      // Made from the entry: no other message, no update.
      expect(callsTo(fetchMock, 'POST', '/admin/api/messages')).toHaveLength(0);
      expect(callsTo(fetchMock, 'PUT', '/admin/api/messages/m-p')).toHaveLength(0);
    });

    it('keeps the vetted message when its fields took longer than the save pause: no update replaces its text', async () => {
      // The clock runs, and the test moves it on past the pause as a person typing the fields would.
      vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
      const made = tornadoDraft('m-slow');
      const fetchMock = mockCompose({
        ...madeFromEntry(made),
        'PUT /admin/api/messages/m-slow': (_url, sent) =>
          jsonResponse({ ...made, ...(sent.body as Partial<TMessage>) }),
      });
      try {
        renderApp('/admin/alert');
        const user = userEvent.setup({ delay: null, advanceTimers: vi.advanceTimersByTime });
        await user.click(await screen.findByRole('button', { name: 'Tornado Emergency' }));
        // The text shows "[Place]" and "[Time]" while the fields are typed, longer than the pause.
        await vi.advanceTimersByTimeAsync(COMPOSE_SAVE_DELAY_MS * 2);
        await user.type(screen.getByRole('textbox', { name: /^Place/ }), 'Moore');
        await user.type(screen.getByRole('textbox', { name: /^Time/ }), '11:45 PM');
        await user.click(screen.getByRole('button', { name: 'Use these values' }));
        expect(await screen.findByRole('button', { name: 'Send to 3 recipients' }, SAVE_WAIT)).toBeVisible();
        expect(screen.getByRole('textbox', { name: /^Alert text/ })).toHaveValue(TORNADO);
        // Then a title is typed: its save is the first and only update (saves run one after
        // another, so a save of what the screen held before the entry was made would come first).
        await user.type(screen.getByRole('textbox', { name: /^Title/ }), 'Moore tornado');
        await vi.advanceTimersByTimeAsync(COMPOSE_SAVE_DELAY_MS * 2);
        await waitFor(
          () => expect(callsTo(fetchMock, 'PUT', '/admin/api/messages/m-slow')).toHaveLength(1),
          SAVE_WAIT,
        );
        expect(callsTo(fetchMock, 'PUT', '/admin/api/messages/m-slow')[0]?.body).toMatchObject({
          title: 'Moore tornado',
          original: TORNADO,
        });
        expect(callsTo(fetchMock, 'POST', '/admin/api/messages')).toHaveLength(0);
      } finally {
        vi.useRealTimers();
      }
    });
  });
});
