import { IDEMPOTENCY_KEY_HEADER, type TSendConflict } from '@message-station/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TMessage } from '../../api/messages';
import i18n from '../../i18n';
import { networkError, callsTo as requestsTo, type TSentRequest } from '../../test/api-mock';
import { setCookie } from '../../test/cookies';
import {
  callsTo,
  deliveryProgress,
  installFakeEventSource,
  message,
  mockMessagesApi,
  previewLanguage,
  sendPreview,
} from '../../test/messages-test-helpers';
import { phoneWidth } from '../../test/phone-width';
import { jsonResponse, renderApp } from '../../test/render-app';
import { expectShown } from '../../test/shown';
import { MESSAGE_STREAM_URL } from './use-message-stream';

const PREVIEW = 'GET /admin/api/messages/m-1/send-sms/preview';
const SEND = 'POST /admin/api/messages/m-1/send-sms';
const DELIVERIES = 'GET /admin/api/messages/m-1/deliveries';

async function openDetails(handlers: Parameters<typeof mockMessagesApi>[0], shown: TMessage = message()) {
  const Source = installFakeEventSource();
  const fetchMock = mockMessagesApi({ 'GET /admin/api/messages': () => jsonResponse([shown]), ...handlers });
  renderApp('/admin/messages');
  const user = userEvent.setup({ delay: null });
  const row = (await screen.findByText(shown.original)).closest('tr') as HTMLElement;
  await user.click(within(row).getByRole('button', { name: 'Details' }));
  const dialog = within(await screen.findByRole('dialog'));
  return { user, dialog, fetchMock, Source };
}

async function openConfirmation(handlers: Parameters<typeof mockMessagesApi>[0]) {
  const opened = await openDetails(handlers);
  const button = opened.dialog.getByRole('button', { name: 'Send SMS' });
  await waitFor(() => expect(button).not.toHaveAttribute('aria-disabled'));
  await opened.user.click(button);
  return { ...opened, confirm: within(opened.dialog.getByRole('alertdialog')) };
}

function cells(table: HTMLElement): (string | null)[][] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => Array.from(row.querySelectorAll('td, th')).map((cell) => cell.textContent));
}

describe('Send SMS confirmation', () => {
  it('shows recipients, segments, encoding and credits per language, the balance and the quiet-hours note', async () => {
    const { user, confirm, fetchMock } = await openConfirmation({
      [PREVIEW]: () => jsonResponse(sendPreview({ waiting: 2 })),
    });
    const table = await confirm.findByRole('table', { name: 'SMS cost by language' });
    expect(cells(table)).toEqual([
      ['SpanishReviewed by staffgets this translation', '2', '2', 'GSM-7', '4'],
      ['Frenchgets the original with a note in French that it is not translated', '1', '1', 'GSM-7', '1'],
      ['Total', '3', '', '', '5'],
    ]);
    expectShown(confirm.getByText('Recipients: 3'));
    expectShown(confirm.getByText("This send uses 5 of the station's 250 SMS credits."));
    expect(
      confirm.getByText('2 recipients are outside 8 AM–9 PM local time; their SMS waits until 8 AM there.'),
    ).toBeVisible();
    expect(
      confirm.getByText('SMS credits will be charged when you confirm. This cannot be undone.'),
    ).toBeVisible();

    await user.click(confirm.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/admin/api/messages/m-1/send-sms')).toHaveLength(0);
  });

  it('fits a phone: three figure columns under each language and what it gets, nothing cut or scrolled', async () => {
    phoneWidth();
    installFakeEventSource();
    mockMessagesApi({
      'GET /admin/api/messages': () => jsonResponse([message()]),
      [PREVIEW]: () => jsonResponse(sendPreview()),
    });
    renderApp('/admin/messages');
    const user = userEvent.setup({ delay: null });
    const card = await screen.findByRole('article', { name: 'Road closure' });
    await user.click(within(card).getByRole('button', { name: 'Details' }));
    const dialog = within(await screen.findByRole('dialog'));
    const button = dialog.getByRole('button', { name: 'Send SMS' });
    await waitFor(() => expect(button).not.toHaveAttribute('aria-disabled'));
    await user.click(button);
    const table = await within(dialog.getByRole('alertdialog')).findByRole('table', {
      name: 'SMS cost by language',
    });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Recipients', 'Segments', 'Credits']);
    // The credits are the preview's figures, as charged.
    expect(cells(table)).toEqual([
      ['SpanishReviewed by staffgets this translation'],
      ['2', '2GSM-7', '4'],
      ['Frenchgets the original with a note in French that it is not translated'],
      ['1', '1GSM-7', '1'],
      ['Total'],
      ['3', '', '5'],
    ]);
    // No frame of its own to scroll sideways in: the table is the dialog's width.
    expect(table.closest('.mantine-Table-scrollContainer, .mantine-ScrollArea-root')).toBeNull();
  });

  it('says an emergency message goes out at once', async () => {
    const { confirm } = await openConfirmation({
      [PREVIEW]: () => jsonResponse(sendPreview({ emergency: true })),
    });
    expect(
      await confirm.findByText(
        'Emergency messages go out at once, also to recipients outside 8 AM–9 PM local time.',
      ),
    ).toBeVisible();
    expect(confirm.queryByText(/their SMS waits until 8 AM/)).not.toBeInTheDocument();
  });

  it('says after sending that texts held for quiet hours have not gone yet', async () => {
    setCookie('csrf_token', 's1');
    const { user, confirm, dialog } = await openConfirmation({
      [PREVIEW]: () => jsonResponse(sendPreview({ waiting: 2 })),
      [SEND]: () => jsonResponse({ sent_count: 3, send_id: 'send-h', credits: 5, waiting: 2, balance: 245 }),
    });
    await user.click(await confirm.findByRole('button', { name: 'Send to 3 recipients' }));
    expect(
      await dialog.findByText(
        'SMS sent successfully to 3 subscribers. 2 recipients are outside 8 AM–9 PM local time; their SMS waits until 8 AM there.',
      ),
    ).toBeVisible();
  });

  it('sends on confirm, says to how many subscribers, and stays open on the Delivery tab as the texts go', async () => {
    setCookie('csrf_token', 's1');
    let progress = deliveryProgress({ total: 0, queued: 0, sent: 0, delivered: 0, failed: 0, languages: [] });
    const { user, confirm, dialog, fetchMock, Source } = await openConfirmation({
      [PREVIEW]: () => jsonResponse(sendPreview()),
      [SEND]: () => {
        progress = deliveryProgress({ total: 3, queued: 3, due: 3, sent: 0, delivered: 0, failed: 0 });
        return jsonResponse({ sent_count: 3, send_id: 'send-1', credits: 5, waiting: 0, balance: 245 });
      },
      [DELIVERIES]: () => jsonResponse(progress),
    });
    await user.click(await confirm.findByRole('button', { name: 'Send to 3 recipients' }));
    expectShown(await dialog.findByText('SMS sent successfully to 3 subscribers'));
    const posts = callsTo(fetchMock, 'POST', '/admin/api/messages/m-1/send-sms');
    expect(posts).toHaveLength(1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    expect(dialog.getByRole('tab', { name: 'Delivery' })).toHaveAttribute('aria-selected', 'true');
    const section = within(await dialog.findByRole('region', { name: 'SMS Delivery' }));
    expectShown(await section.findByText('0 of 3 SMS processed'));
    progress = deliveryProgress({ total: 3, queued: 0, due: 0, sent: 1, delivered: 2, failed: 0 });
    Source.at(MESSAGE_STREAM_URL).emit('sms_progress', { message_id: 'm-1' });
    expectShown(await section.findByText('3 of 3 SMS processed'));
    // Still open, the success text still there: no timer closes or clears it.
    expectShown(screen.getByRole('dialog'));
    expectShown(dialog.getByText('SMS sent successfully to 3 subscribers'));
  });

  it("shows the server's refusal, such as not enough credits", async () => {
    setCookie('csrf_token', 's2');
    const refusal = 'Not enough SMS credits: this message needs 5 credits and the station has 4 left.';
    const { user, confirm, dialog } = await openConfirmation({
      [PREVIEW]: () => jsonResponse(sendPreview()),
      [SEND]: () => jsonResponse({ error: refusal }, 402),
    });
    await user.click(await confirm.findByRole('button', { name: 'Send to 3 recipients' }));
    expectShown(await confirm.findByText(refusal));
    expect(dialog.queryByText(/SMS sent successfully/)).not.toBeInTheDocument();
  });

  it("says 'Failed to send SMS' when the server gives no reason", async () => {
    setCookie('csrf_token', 's3');
    const { user, confirm } = await openConfirmation({
      [PREVIEW]: () => jsonResponse(sendPreview()),
      [SEND]: () => new Response('', { status: 500 }),
    });
    await user.click(await confirm.findByRole('button', { name: 'Send to 3 recipients' }));
    expectShown(await confirm.findByText('Failed to send SMS'));
  });

  it('offers no confirm when the preview is refused', async () => {
    const { confirm } = await openConfirmation({
      [PREVIEW]: () => jsonResponse({ error: 'Nobody is subscribed to Alert messages' }, 400),
    });
    expectShown(await confirm.findByText('Nobody is subscribed to Alert messages'));
    expect(confirm.queryByRole('button', { name: /^Send to/ })).not.toBeInTheDocument();
  });

  it('offers no confirm when the balance is below the credits needed', async () => {
    const { confirm } = await openConfirmation({
      [PREVIEW]: () => jsonResponse(sendPreview({ credits: 5, balance: 4 })),
    });
    expect(
      await confirm.findByText(
        'Not enough SMS credits: this message needs 5 credits and the station has 4 left.',
      ),
    ).toBeVisible();
    expect(confirm.queryByRole('button', { name: /^Send to/ })).not.toBeInTheDocument();
  });
});

describe('Send SMS: one send per confirmation', () => {
  const SENT = { sent_count: 3, send_id: 'send-2', credits: 5, waiting: 0, balance: 245 };
  const keyOf = (sent: TSentRequest | undefined) => sent?.headers.get(IDEMPOTENCY_KEY_HEADER);
  const posts = (fetchMock: Parameters<typeof requestsTo>[0]) =>
    requestsTo(fetchMock, 'POST', '/admin/api/messages/m-1/send-sms');
  // 9:41 AM on the machine's clock, whatever its time zone.
  const startedAt = new Date(2026, 10, 23, 9, 41);
  const conflict = (code: TSendConflict['code']): TSendConflict => ({
    error: 'This message has been sent already',
    code,
    previous_send: { send_id: 'send-1', sent_at: startedAt.toISOString(), recipients: 1234 },
  });
  const time = (locale: string) => new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(startedAt);

  it('sends an Idempotency-Key and the same one again when the user retries after a network error', async () => {
    setCookie('csrf_token', 'k1');
    let attempts = 0;
    const { user, confirm, dialog, fetchMock } = await openConfirmation({
      [PREVIEW]: () => jsonResponse(sendPreview()),
      [SEND]: () => {
        attempts += 1;
        if (attempts === 1) return networkError();
        return jsonResponse(SENT);
      },
    });
    const button = await confirm.findByRole('button', { name: 'Send to 3 recipients' });
    await user.click(button);
    expectShown(await confirm.findByText('Failed to send SMS'));
    await user.click(button);
    expectShown(await dialog.findByText('SMS sent successfully to 3 subscribers'));

    const [first, retry] = posts(fetchMock);
    expect(keyOf(first)).toMatch(/^[0-9a-f-]{36}$/);
    expect(keyOf(retry)).toBe(keyOf(first));
    expect(first?.body).toBeUndefined();
  });

  it('asks before sending a message still being sent, in English and in Spanish', async () => {
    setCookie('csrf_token', 'k2');
    const { user, confirm, fetchMock } = await openConfirmation({
      [PREVIEW]: () => jsonResponse(sendPreview()),
      [SEND]: () => jsonResponse(conflict('send_in_progress'), 409),
    });
    await user.click(await confirm.findByRole('button', { name: 'Send to 3 recipients' }));
    expect(
      await confirm.findByText(
        `This message is still being sent to 1,234 subscribers (started ${time('en-US')}). Send it again? Everyone gets it a second time and credits are charged again.`,
      ),
    ).toBeVisible();
    expect(confirm.queryByRole('button', { name: 'Send to 3 recipients' })).not.toBeInTheDocument();
    expectShown(confirm.getByRole('button', { name: 'Send again' }));

    await act(() => i18n.changeLanguage('es'));
    expect(
      confirm.getByText(
        `Este mensaje todavía se está enviando a 1234 suscriptores (inicio: ${time('es-US')}). ¿Enviarlo de nuevo? Todos lo recibirán por segunda vez y se volverán a cobrar los créditos.`,
      ),
    ).toBeVisible();
    expectShown(confirm.getByRole('button', { name: 'Enviar de nuevo' }));

    await user.click(confirm.getByRole('button', { name: 'Cancelar' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(posts(fetchMock)).toHaveLength(1);
  });

  it('says when a message was already sent, and Send again posts send_again with a new key', async () => {
    setCookie('csrf_token', 'k3');
    const { user, confirm, dialog, fetchMock } = await openConfirmation({
      [PREVIEW]: () => jsonResponse(sendPreview()),
      [SEND]: (_url, sent) => (sent.body ? jsonResponse(SENT) : jsonResponse(conflict('already_sent'), 409)),
    });
    await user.click(await confirm.findByRole('button', { name: 'Send to 3 recipients' }));
    expect(
      await confirm.findByText(
        `This message was already sent to 1,234 subscribers on November 23, 2026 at ${time('en-US')}. Send it again? Everyone gets it a second time and credits are charged again.`,
      ),
    ).toBeVisible();

    await user.click(confirm.getByRole('button', { name: 'Send again' }));
    expectShown(await dialog.findByText('SMS sent successfully to 3 subscribers'));
    const [refused, again] = posts(fetchMock);
    expect(again?.body).toEqual({ send_again: true });
    expect(keyOf(again)).toMatch(/^[0-9a-f-]{36}$/);
    expect(keyOf(again)).not.toBe(keyOf(refused));
  });
});

describe('Delivery progress', () => {
  it('shows nothing for a message never sent', async () => {
    const { user, dialog } = await openDetails({
      [DELIVERIES]: () =>
        jsonResponse(
          deliveryProgress({ total: 0, queued: 0, sent: 0, delivered: 0, failed: 0, languages: [] }),
        ),
    });
    await dialog.findByText('Main Street is closed until 5 PM.');
    await user.click(dialog.getByRole('tab', { name: 'Delivery' }));
    expectShown(await dialog.findByText('This message has not been sent by SMS yet.'));
    expect(dialog.queryByRole('region', { name: 'SMS Delivery' })).not.toBeInTheDocument();
  });

  it('shows the counts, the bar and each language, and refreshes on sms_progress events', async () => {
    let progress = deliveryProgress({
      queued: 2,
      due: 1,
      held: 1,
      waiting: 1,
      releases: [{ zone: 'America/Chicago', at: '2026-11-24T14:00:00.000Z', count: 1 }],
    });
    const { user, dialog, Source } = await openDetails({ [DELIVERIES]: () => jsonResponse(progress) });
    await user.click(dialog.getByRole('tab', { name: 'Delivery' }));
    const section = within(await dialog.findByRole('region', { name: 'SMS Delivery' }));
    expectShown(section.getByText('8 of 10 SMS processed'));
    const bar = (name: string) => section.getByRole('progressbar', { name }).getAttribute('aria-valuenow');
    expect(bar('Delivered: 4 of 10')).toBe('40');
    expect(bar('Sent: 3 of 10')).toBe('30');
    expect(bar('Failed: 1 of 10')).toBe('10');
    expectShown(section.getByText('1 held for quiet hours until 8:00 AM CST.'));
    expect(cells(section.getByRole('table', { name: 'SMS delivery by language' }))).toEqual([
      ['Spanish', '6', '1', '0', '2', '3', '0'],
      ['French', '4', '1', '0', '1', '1', '1'],
    ]);

    progress = deliveryProgress({ queued: 0, sent: 0, delivered: 9, failed: 1 });
    Source.at(MESSAGE_STREAM_URL).emit('sms_progress', { message_id: 'm-1' });
    expectShown(await section.findByText('10 of 10 SMS processed'));
    expect(bar('Delivered: 9 of 10')).toBe('90');
    expect(section.queryByText(/held for quiet hours/)).not.toBeInTheDocument();
  });
  describe('review of the translations (decision 0050)', () => {
    const SENT = { sent_count: 3, send_id: 'send-r', credits: 5, waiting: 0, balance: 245 };
    const BACK_ES = 'POST /admin/api/messages/m-1/translations/es/back-translation';
    const BACK_FR = 'POST /admin/api/messages/m-1/translations/fr/back-translation';
    const back =
      (language: string, text: string, overlap = 1) =>
      () =>
        jsonResponse({
          language_code: language,
          original_language: 'en',
          translated_text: 'x',
          back_translation: text,
          overlap,
          far: overlap < 0.5,
        });
    /** Spanish by the offline engine and French by another engine: nobody reviewed either. */
    const unreviewed = (overrides: Parameters<typeof sendPreview>[0] = {}) =>
      sendPreview({
        languages: [
          previewLanguage({
            review: 'machine',
            source: 'offline_engine',
            body: 'Demo Radio: La calle Main está cerrada hasta las 5 PM.',
            length: 84,
          }),
          previewLanguage({
            language: 'fr',
            recipients: 1,
            segments: 1,
            credits: 1,
            review: 'machine',
            source: 'engine',
            body: 'Demo Radio: La rue Main est fermée jusqu’à 17 h.',
            length: 78,
          }),
        ],
        unreviewed_languages: ['es', 'fr'],
        fallback_languages: [],
        ...overrides,
      });
    const sendButton = (confirm: ReturnType<typeof within>) =>
      confirm.getByRole('button', { name: 'Send to 3 recipients' });

    it('shows each unreviewed text with its back-translation and holds Send until each is ticked "Send anyway"', async () => {
      setCookie('csrf_token', 'r1');
      const { user, confirm, fetchMock } = await openConfirmation({
        [PREVIEW]: () => jsonResponse(unreviewed()),
        [BACK_ES]: back('es', 'Main Street is closed until 5 PM.'),
        [BACK_FR]: back('fr', 'Mainly the street shuts.', 0.33),
        [SEND]: () => jsonResponse(SENT),
      });
      expectShown(
        await confirm.findByText(
          'Nobody on staff has reviewed these texts: Spanish, French. Review each now, or tick “Send anyway”.',
        ),
      );
      // A highlighted block per language: who wrote it, what its subscribers get, and the text put
      // back into English, fetched as the confirmation opens.
      const spanish = confirm
        .getByText('Spanish: not reviewed')
        .closest('[data-unreviewed-language]') as HTMLElement;
      expect(spanish).toHaveAttribute('data-unreviewed-language', 'es');
      const block = within(spanish);
      expectShown(block.getByText('Offline engine (not reviewed)'));
      expectShown(block.getByText('Demo Radio: La calle Main está cerrada hasta las 5 PM.'));
      expectShown(await block.findByText('Main Street is closed until 5 PM.'));
      expectShown(block.getByText('Back into English by the translation engine'));
      // French came back far from the original: said in words, beside it.
      const french = within(
        confirm.getByText('French: not reviewed').closest('[data-unreviewed-language]') as HTMLElement,
      );
      expectShown(await french.findByText('Mainly the street shuts.'));
      expectShown(
        french.getByText(
          "Far from the original: the translation put back keeps 33% of the original's words. Check this translation before sending.",
        ),
      );
      expect(block.queryByText(/Far from the original/)).not.toBeInTheDocument();
      expect(
        callsTo(fetchMock, 'POST', '/admin/api/messages/m-1/translations/es/back-translation'),
      ).toHaveLength(1);
      // The cost table names each language's source too.
      const table = confirm.getByRole('table', { name: 'SMS cost by language' });
      expect(cells(table)[1]?.[0]).toBe('FrenchMachine translation (not reviewed)gets this translation');

      expect(sendButton(confirm)).toBeDisabled();
      await user.click(confirm.getByRole('checkbox', { name: 'Send anyway: the Spanish text' }));
      expect(sendButton(confirm)).toBeDisabled();
      await user.click(confirm.getByRole('checkbox', { name: 'Send anyway: the French text' }));
      expect(sendButton(confirm)).toBeEnabled();
      await user.click(confirm.getByRole('checkbox', { name: 'Send anyway: the French text' }));
      expect(sendButton(confirm)).toBeDisabled();
      await user.click(confirm.getByRole('checkbox', { name: 'Send anyway: the French text' }));
      await user.click(sendButton(confirm));
      // The type does not require review: the send needs no confirmation of the server's.
      await waitFor(() =>
        expect(requestsTo(fetchMock, 'POST', '/admin/api/messages/m-1/send-sms')).toHaveLength(1),
      );
      expect(requestsTo(fetchMock, 'POST', '/admin/api/messages/m-1/send-sms')[0]?.body).toBeUndefined();
    });

    it('says what the subscribers of a language without a sendable text get', async () => {
      const { confirm } = await openConfirmation({ [PREVIEW]: () => jsonResponse(sendPreview()) });
      const french = (await confirm.findByRole('table', { name: 'SMS cost by language' })).querySelector(
        '[data-language="fr"]',
      ) as HTMLElement;
      expectShown(
        within(french).getByText('gets the original with a note in French that it is not translated'),
      );
      // Nothing to review: Send is ready at once.
      expect(sendButton(confirm)).toBeEnabled();

      await act(() => i18n.changeLanguage('es'));
      expectShown(
        within(french).getByText(
          'recibe el original con una nota en su idioma (Francés) de que no está traducido',
        ),
      );
    });

    it('"Review now" closes the confirmation and opens that translation\'s review', async () => {
      const { user, confirm, dialog, fetchMock } = await openConfirmation({
        [PREVIEW]: () => jsonResponse(unreviewed({ unreviewed_languages: ['es'] })),
        [BACK_ES]: back('es', 'Main Street is closed until 5 PM.'),
      });
      await user.click(await confirm.findByRole('button', { name: 'Review now: the Spanish translation' }));
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
      expect(dialog.getByRole('tab', { name: 'Translations' })).toHaveAttribute('aria-selected', 'true');
      const item = dialog
        .getByRole('heading', { name: 'Translations' })
        .parentElement?.querySelector('[data-translation="es"]') as HTMLElement;
      expect(item).toHaveAttribute('data-review-requested', 'true');
      await waitFor(() =>
        expect(
          within(item).getByRole('button', { name: 'Mark reviewed: the Spanish translation' }),
        ).toHaveFocus(),
      );
      expect(callsTo(fetchMock, 'POST', '/admin/api/messages/m-1/send-sms')).toHaveLength(0);
    });

    it('holds the send while a correction of an older original waits for a choice', async () => {
      const { confirm, fetchMock } = await openConfirmation({
        [PREVIEW]: () => jsonResponse(sendPreview({ stale_corrections: ['es'] })),
      });
      expectShown(
        await confirm.findByText(
          'The original changed after staff corrected the translation into Spanish. Open the translation and keep the correction or use the new translation before sending.',
        ),
      );
      expect(confirm.queryByRole('button', { name: /Send to/ })).not.toBeInTheDocument();
      expect(callsTo(fetchMock, 'POST', '/admin/api/messages/m-1/send-sms')).toHaveLength(0);
    });

    it('flags a language whose SMS would pass 1,600 characters and offers no Send (decision 0052)', async () => {
      const base = sendPreview();
      const { confirm, fetchMock } = await openConfirmation({
        [PREVIEW]: () =>
          jsonResponse(
            sendPreview({
              too_long_languages: ['es', 'fr'],
              languages: base.languages.map((row) =>
                row.language === 'es'
                  ? { ...row, length: 1633, too_long: true }
                  : { ...row, length: 1700, too_long: true },
              ),
            }),
          ),
      });
      expectShown(
        await confirm.findByText(
          'The SMS in Spanish and French would be longer than the 1,600 characters a text message can carry, so it cannot be sent as it is. Shorten the text or its translation, then send.',
        ),
      );
      expectShown(confirm.getByText('Too long: 1,633 / 1,600 characters'));
      expectShown(confirm.getByText('Too long: 1,700 / 1,600 characters'));
      expect(confirm.queryByRole('button', { name: /Send to/ })).not.toBeInTheDocument();
      expect(callsTo(fetchMock, 'POST', '/admin/api/messages/m-1/send-sms')).toHaveLength(0);
    });

    it('holds a type that requires review until every language is reviewed: no "Send anyway"', async () => {
      const { confirm } = await openConfirmation({
        [PREVIEW]: () => jsonResponse(unreviewed({ review_required: true, unreviewed_languages: ['es'] })),
        [BACK_ES]: back('es', 'Main Street is closed until 5 PM.'),
      });
      expectShown(
        await confirm.findByText(
          'Alert messages are sent by SMS only when staff reviewed every translation. Not reviewed yet: Spanish.',
        ),
      );
      expectShown(confirm.getByRole('button', { name: 'Review now: the Spanish translation' }));
      expect(confirm.queryByRole('checkbox', { name: /anyway/ })).not.toBeInTheDocument();
      expect(confirm.queryByRole('button', { name: /Send to/ })).not.toBeInTheDocument();
    });

    it('sends an emergency of a type that requires review once every unreviewed language is ticked, with send_unreviewed', async () => {
      setCookie('csrf_token', 'r2');
      const { user, confirm, fetchMock } = await openConfirmation({
        [PREVIEW]: () => jsonResponse(unreviewed({ emergency: true, review_required: true })),
        [BACK_ES]: back('es', 'Main Street is closed until 5 PM.'),
        [BACK_FR]: back('fr', 'Main Street is shut until 5 PM.'),
        [SEND]: () => jsonResponse(SENT),
      });
      expectShown(
        await confirm.findByText(
          'Alert messages need reviewed translations, but an emergency cannot always wait. Not reviewed yet: Spanish, French.',
        ),
      );
      expect(sendButton(confirm)).toBeDisabled();
      await user.click(confirm.getByRole('checkbox', { name: 'Send anyway: the Spanish text' }));
      expect(sendButton(confirm)).toBeDisabled();
      await user.click(confirm.getByRole('checkbox', { name: 'Send anyway: the French text' }));
      await user.click(sendButton(confirm));
      await waitFor(() =>
        expect(requestsTo(fetchMock, 'POST', '/admin/api/messages/m-1/send-sms')[0]?.body).toEqual({
          send_unreviewed: true,
        }),
      );
    });
  });
});
