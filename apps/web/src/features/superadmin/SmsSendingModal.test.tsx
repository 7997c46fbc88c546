import {
  errorText,
  readRefusal,
  type TStationSmsSendingResponse,
  ZStationSmsSending,
} from '@message-station/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { bodiesSentTo, callsTo } from '../../test/api-mock';
import { setCookie } from '../../test/cookies';
import { jsonResponse, renderApp } from '../../test/render-app';
import { expectShown } from '../../test/shown';
import { callCount, dashboard, mockSuperadminApi } from './superadmin-test-helpers';

const PATH = '/admin/api/superadmin/stations/st-1/sms-sending';
const SID = `MG${'0123456789abcdef'.repeat(2)}`;

function sending(overrides: Partial<TStationSmsSendingResponse> = {}): TStationSmsSendingResponse {
  return {
    station_id: 'st-1',
    sms_sender: null,
    sms_rate_per_second: null,
    lane: 'default',
    effective_rate_per_second: 1,
    ...overrides,
  };
}

const OWN = sending({
  sms_sender: '+15125550147',
  sms_rate_per_second: 4.5,
  lane: 'station:st-1',
  effective_rate_per_second: 4.5,
});

function mockSending(current: TStationSmsSendingResponse, reply?: (body: unknown) => Response) {
  return mockSuperadminApi({
    'GET /admin/api/superadmin/dashboard': () => jsonResponse(dashboard()),
    [`GET ${PATH}`]: () => jsonResponse(current),
    [`PUT ${PATH}`]: (_url, sent) => (reply ?? (() => jsonResponse(current)))(sent.body),
  });
}

/** Opens Demo Radio's SMS sending dialog from its row; `action` is the button's label. */
async function openSending(action = 'SMS Sending') {
  const user = userEvent.setup({ delay: null });
  const row = (await screen.findByText('demoradio')).closest('tr') as HTMLElement;
  await user.click(within(row).getByRole('button', { name: action }));
  const dialog = within(await screen.findByRole('dialog'));
  await dialog.findAllByRole('textbox');
  return { user, dialog };
}

/** The code the schema (and so the server) refuses a rate with. */
const rateRefusal = (rate: number) => {
  const message = ZStationSmsSending.shape.sms_rate_per_second.safeParse(rate).error?.issues[0]?.message;
  return message === undefined ? undefined : readRefusal(message)?.code;
};

describe('SmsSendingModal', () => {
  it("opens with the station's sender, rate and pace, and Cancel sends nothing", async () => {
    const fetchMock = mockSending(OWN);
    renderApp('/admin/superadmin');
    const { user, dialog } = await openSending();

    expectShown(screen.getByRole('dialog', { name: 'SMS sending — Demo Radio' }));
    expect(dialog.getByLabelText('Sender')).toHaveValue('+15125550147');
    expect(dialog.getByLabelText('Messages per second')).toHaveValue('4.5');
    expectShown(dialog.getByText('Sends at 4.5 messages per second on its own number.'));
    expectShown(dialog.getByText(/E\.164 form \(\+1 and 10 digits/));
    expectShown(dialog.getByText(/1 for a new long code, 4\.5–75 for vetted brands/));

    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callCount(fetchMock, 'PUT', PATH)).toBe(0);
  });

  it("shows an unset station on the service's number and pace, with empty fields", async () => {
    mockSending(sending());
    renderApp('/admin/superadmin');
    const { dialog } = await openSending();

    expect(dialog.getByLabelText('Sender')).toHaveValue('');
    expect(dialog.getByLabelText('Messages per second')).toHaveValue('');
    expectShown(dialog.getByText("Sends at 1 message per second on the service's number."));
  });

  it('refuses a bad sender or rate by the codes the server answers, before any call', async () => {
    const fetchMock = mockSending(sending());
    renderApp('/admin/superadmin');
    const { user, dialog } = await openSending();

    await user.type(dialog.getByLabelText('Sender'), '5125550147');
    await user.type(dialog.getByLabelText('Messages per second'), '2000');
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    expectShown(dialog.getByText(errorText('sms_sender_invalid')));
    expectShown(dialog.getByText('The rate is at most 1,000 messages per second'));
    expect(rateRefusal(2000)).toBe('sms_rate_too_high');
    expect(dialog.getByLabelText('Sender')).toHaveAttribute('aria-invalid', 'true');
    expect(callCount(fetchMock, 'PUT', PATH)).toBe(0);

    await user.clear(dialog.getByLabelText('Messages per second'));
    await user.type(dialog.getByLabelText('Messages per second'), '0');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expectShown(dialog.getByText('The rate is at least 0.1 messages per second'));
    expect(rateRefusal(0)).toBe('sms_rate_too_low');
    expect(callCount(fetchMock, 'PUT', PATH)).toBe(0);
  });

  it("sends nulls for emptied fields and goes back to the service's number", async () => {
    setCookie('csrf_token', 'sms1');
    const fetchMock = mockSending(OWN, () => jsonResponse({ ...sending(), moved_queued: 0 }));
    renderApp('/admin/superadmin');
    const { user, dialog } = await openSending();

    await user.clear(dialog.getByLabelText('Sender'));
    await user.clear(dialog.getByLabelText('Messages per second'));
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodiesSentTo(fetchMock, 'PUT', PATH)).toEqual([{ sms_sender: null, sms_rate_per_second: null }]);
    expect(callsTo(fetchMock, 'PUT', PATH)[0]?.headers.get('X-CSRF-Token')).toBe('sms1');
    expectShown(await screen.findByText('SMS sending saved for Demo Radio'));
    expectShown(screen.getByText("Sends at 1 message per second on the service's number."));
    expect(screen.queryByText(/queued text/)).not.toBeInTheDocument();
  });

  it('says how many queued texts the new sender takes over, and shows it when opened again', async () => {
    setCookie('csrf_token', 'sms2');
    const fetchMock = mockSending(sending(), (body) =>
      jsonResponse({ ...OWN, ...(body as object), effective_rate_per_second: 10, moved_queued: 1250 }),
    );
    renderApp('/admin/superadmin');
    const { user, dialog } = await openSending();

    await user.type(dialog.getByLabelText('Sender'), `  ${SID} `);
    await user.type(dialog.getByLabelText('Messages per second'), '10');
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    expect(
      await screen.findByText(
        'Sends at 10 messages per second on its own number. 1,250 queued texts will now go from the new sender.',
      ),
    ).toBeVisible();
    expect(bodiesSentTo(fetchMock, 'PUT', PATH)).toEqual([{ sms_sender: SID, sms_rate_per_second: 10 }]);

    const again = await openSending();
    expect(again.dialog.getByLabelText('Sender')).toHaveValue(SID);
    expectShown(again.dialog.getByText('Sends at 10 messages per second on its own number.'));
  });

  it("shows the server's refusal and keeps the dialog open", async () => {
    setCookie('csrf_token', 'sms3');
    mockSending(sending(), () => jsonResponse({ error: 'Station not found' }, 404));
    renderApp('/admin/superadmin');
    const { user, dialog } = await openSending();

    await user.type(dialog.getByLabelText('Sender'), '+15125550147');
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    expectShown(await dialog.findByText('Station not found'));
    expectShown(screen.getByRole('dialog'));
  });

  it('speaks Spanish: labels, pace, refusals and what moved', async () => {
    setCookie('csrf_token', 'sms4');
    mockSending(OWN, () => jsonResponse({ ...OWN, moved_queued: 1 }));
    await i18n.changeLanguage('es');
    renderApp('/admin/superadmin');
    const { user, dialog } = await openSending('Envío de SMS');

    expectShown(screen.getByRole('dialog', { name: 'Envío de SMS — Demo Radio' }));
    expectShown(dialog.getByText('Envía 4,5 mensajes por segundo desde su propio número.'));
    const sender = dialog.getByLabelText('Remitente');
    await user.clear(sender);
    await user.type(sender, '+1512');
    await user.click(dialog.getByRole('button', { name: 'Guardar' }));
    expectShown(dialog.getByText(/^Introduzca un número de EE\. UU\. en formato E\.164/));
    const rate = dialog.getByLabelText('Mensajes por segundo');
    await user.clear(rate);
    await user.type(rate, '2000');
    await user.click(dialog.getByRole('button', { name: 'Guardar' }));
    expectShown(dialog.getByText('El ritmo es de como máximo 1,000 mensajes por segundo'));
    await user.clear(rate);
    await user.type(rate, '4.5');

    await user.clear(sender);
    await user.type(sender, '+15125550147');
    await user.click(dialog.getByRole('button', { name: 'Guardar' }));
    expectShown(await screen.findByText('Envío de SMS guardado para Demo Radio'));
    expect(
      screen.getByText(
        'Envía 4,5 mensajes por segundo desde su propio número. 1 mensaje en cola saldrá ahora desde el nuevo remitente.',
      ),
    ).toBeVisible();
  });
});
