import type { TConnectedClient } from '@message-station/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TMessage } from '../../api/messages';
import type { TApiHandler } from '../../test/api-mock';
import { setCookie } from '../../test/cookies';
import { clientsStream, connectedClient, linuxBox } from '../../test/machines-test-helpers';
import {
  callsTo,
  FakeEventSource,
  installFakeEventSource,
  message,
  mockMessagesApi,
} from '../../test/messages-test-helpers';
import { jsonResponse, renderApp } from '../../test/render-app';
import { MACHINE_STORAGE_KEY } from './MachineControls';
import { MESSAGE_STREAM_URL } from './use-message-stream';

const studio = connectedClient();
const PLAY = '/admin/api/messages/m-1/play';
const STOP = '/admin/api/messages/m-1/stop';
const EXPORT = '/admin/api/messages/m-1/export';

type TSetup = { clients?: TConnectedClient[]; handlers?: Record<string, TApiHandler>; messages?: TMessage[] };

async function openDetails({
  clients = [studio, linuxBox()],
  handlers = {},
  messages = [message()],
}: TSetup = {}) {
  setCookie('csrf_token', 'machines');
  installFakeEventSource();
  const fetchMock = mockMessagesApi({
    'GET /admin/api/messages': () => jsonResponse(messages),
    'GET /admin/api/clients': () => jsonResponse({ clients }),
    ...handlers,
  });
  renderApp('/admin/messages');
  const user = userEvent.setup({ delay: null });
  const row = (await screen.findByText(message().original)).closest('tr') as HTMLElement;
  await user.click(within(row).getByRole('button', { name: 'Details' }));
  const dialog = within(await screen.findByRole('dialog'));
  return { user, dialog, fetchMock };
}

async function chooseMachine(
  user: ReturnType<typeof userEvent.setup>,
  dialog: ReturnType<typeof within>,
  name: string,
) {
  const select = await dialog.findByPlaceholderText('Select a machine');
  await user.click(select);
  await user.click(await screen.findByRole('option', { name }));
  await waitFor(() => expect(machineInput(dialog)).toHaveValue(name));
}

/** The selector's input (its dropdown list carries the same label). */
function machineInput(dialog: ReturnType<typeof within>): HTMLInputElement {
  const input = dialog
    .getAllByLabelText('Machine')
    .find((element: HTMLElement) => element.tagName === 'INPUT');
  if (!input) throw new Error('no machine selector');
  return input as HTMLInputElement;
}

/** The detail's filled buttons: `data-variant="filled"`, or none given (Mantine's default is filled). */
function filledButtons(): string[] {
  const filled = screen
    .getByRole('dialog')
    .querySelectorAll(
      '.mantine-Button-root[data-variant="filled"], .mantine-Button-root:not([data-variant])',
    );
  return [...filled].map((element) => element.textContent ?? '');
}

function playbackEvent(messageId: string, status: 'playing' | 'stopped', clientId = studio.client_id) {
  FakeEventSource.at(MESSAGE_STREAM_URL).emit('playback_state_changed', {
    message_id: messageId,
    status,
    client_id: clientId,
  });
}

function button(dialog: ReturnType<typeof within>, name: string): HTMLElement {
  return dialog.getByRole('button', { name });
}

describe('Detail modal machine controls', () => {
  it('asks for a machine before Play, Stop or Export', async () => {
    const { user, dialog, fetchMock } = await openDetails();
    await dialog.findByPlaceholderText('Select a machine');
    await user.hover(button(dialog, 'Stop'));
    expect(await screen.findByText('Please select a machine')).toBeVisible();
    await user.click(button(dialog, 'Play'));
    expect(within(dialog.getByRole('alert')).getByText('Please select a machine')).toBeVisible();
    expect(callsTo(fetchMock, 'POST', PLAY)).toHaveLength(0);
  });

  it('plays on the chosen machine, shows playing only once that message is confirmed, and stops', async () => {
    let answerStop: (response: Response) => void = () => {};
    const { user, dialog, fetchMock } = await openDetails({
      handlers: {
        [`POST ${PLAY}`]: () => jsonResponse({ message: 'Playing on Studio Mac', status: 'playing' }),
        [`POST ${STOP}`]: () => new Promise<Response>((resolve) => (answerStop = resolve)),
      },
    });
    await chooseMachine(user, dialog, 'Studio Mac');
    await user.click(button(dialog, 'Play'));
    await waitFor(() => expect(callsTo(fetchMock, 'POST', PLAY)).toHaveLength(1));
    expect(callsTo(fetchMock, 'POST', PLAY)[0]?.body).toEqual({ client_id: 'client-studio-mac' });

    // Answered, but not confirmed: Play waits with a loader, nothing says playing yet.
    await waitFor(() => expect(button(dialog, 'Play')).toHaveAttribute('data-loading', 'true'));
    expect(dialog.queryByText('Playing on Studio Mac')).not.toBeInTheDocument();
    playbackEvent('m-2', 'playing');
    expect(dialog.queryByText('Playing on Studio Mac')).not.toBeInTheDocument();

    playbackEvent('m-1', 'playing');
    expect(await dialog.findByText('Playing on Studio Mac')).toBeVisible();
    expect(button(dialog, 'Play')).toHaveAttribute('aria-disabled', 'true');
    // Stop keeps the secondary look: still one filled action in the detail (decision 0085).
    expect(button(dialog, 'Stop')).toHaveAttribute('data-variant', 'default');
    expect(filledButtons()).toEqual(['Send SMS']);

    // Another message stopping changes nothing here.
    playbackEvent('m-2', 'stopped');
    expect(dialog.getByText('Playing on Studio Mac')).toBeVisible();

    await user.click(button(dialog, 'Stop'));
    await waitFor(() => expect(button(dialog, 'Stop')).toHaveAttribute('data-loading', 'true'));
    expect(callsTo(fetchMock, 'POST', STOP)[0]?.body).toEqual({ client_id: 'client-studio-mac' });
    // Playing until the machine confirms the stop.
    expect(dialog.getByText('Playing on Studio Mac')).toBeVisible();
    answerStop(jsonResponse({ message: 'Stopped', status: 'stopped' }));
    await waitFor(() => expect(button(dialog, 'Play')).not.toHaveAttribute('aria-disabled'));
    expect(dialog.queryByText('Playing on Studio Mac')).not.toBeInTheDocument();
    expect(button(dialog, 'Stop')).not.toHaveAttribute('data-loading');
    expect(button(dialog, 'Stop')).toHaveAttribute('data-variant', 'default');
  });

  it('follows playback started elsewhere and goes idle on the stopped event', async () => {
    const { dialog } = await openDetails();
    await dialog.findByPlaceholderText('Select a machine');
    playbackEvent('m-1', 'playing', linuxBox().client_id);
    expect(await dialog.findByText('Playing on Front Desk PC')).toBeVisible();
    // Stop reaches the machine that is playing even though none is chosen.
    expect(button(dialog, 'Stop')).not.toHaveAttribute('aria-disabled');
    playbackEvent('m-1', 'stopped', linuxBox().client_id);
    await waitFor(() => expect(dialog.queryByText('Playing on Front Desk PC')).not.toBeInTheDocument());
  });

  it('goes idle when the playing machine disconnects, and keeps the selector live', async () => {
    const { user, dialog } = await openDetails();
    const stream = clientsStream();
    stream.emit('connected', { clients: [studio] });
    stream.emit('client_connected', linuxBox());
    await chooseMachine(user, dialog, 'Front Desk PC');
    playbackEvent('m-1', 'playing', linuxBox().client_id);
    expect(await dialog.findByText('Playing on Front Desk PC')).toBeVisible();
    stream.emit('client_disconnected', { client_id: linuxBox().client_id });
    await waitFor(() => expect(dialog.queryByText('Playing on Front Desk PC')).not.toBeInTheDocument());
    expect(await dialog.findByPlaceholderText('Select a machine')).toBeVisible();
  });

  it('resets a failed play and shows the server text, else Failed to play message', async () => {
    let fail = () =>
      jsonResponse(
        { error: 'Studio Mac is not connected. Start the Message Station app on it and try again.' },
        409,
      );
    const { user, dialog } = await openDetails({ handlers: { [`POST ${PLAY}`]: () => fail() } });
    await chooseMachine(user, dialog, 'Studio Mac');
    await user.click(button(dialog, 'Play'));
    expect(
      await dialog.findByText(
        'Studio Mac is not connected. Start the Message Station app on it and try again.',
      ),
    ).toBeVisible();
    expect(button(dialog, 'Play')).not.toHaveAttribute('data-loading');
    expect(button(dialog, 'Play')).not.toHaveAttribute('aria-disabled');

    fail = () => new Response('', { status: 500 });
    await user.click(button(dialog, 'Play'));
    expect(await dialog.findByText('Failed to play message')).toBeVisible();
    expect(button(dialog, 'Play')).not.toHaveAttribute('data-loading');
  });

  it('says Failed to stop playback when the stop fails, still playing', async () => {
    const { user, dialog } = await openDetails({
      handlers: { [`POST ${STOP}`]: () => new Response('', { status: 502 }) },
    });
    await chooseMachine(user, dialog, 'Studio Mac');
    playbackEvent('m-1', 'playing');
    await dialog.findByText('Playing on Studio Mac');
    await user.click(button(dialog, 'Stop'));
    expect(await dialog.findByText('Failed to stop playback')).toBeVisible();
    await waitFor(() => expect(button(dialog, 'Stop')).not.toHaveAttribute('data-loading'));
    expect(dialog.getByText('Playing on Studio Mac')).toBeVisible();
    expect(button(dialog, 'Stop')).toHaveAttribute('data-variant', 'default');
  });

  it('exports and says where the files went, then clears the text', async () => {
    let reply: Record<string, unknown> = {
      message: 'Exported',
      export_path: '/Users/ana/Music/Message Station',
      files: ['demo-radio_alert_2026-11-22_0747_en.wav'],
    };
    const { user, dialog, fetchMock } = await openDetails({
      handlers: { [`POST ${EXPORT}`]: () => jsonResponse(reply) },
    });
    await chooseMachine(user, dialog, 'Studio Mac');
    await user.click(button(dialog, 'Export'));
    expect(await dialog.findByText('Exported to Studio Mac: /Users/ana/Music/Message Station')).toBeVisible();
    expect(callsTo(fetchMock, 'POST', EXPORT)[0]?.body).toEqual({ client_id: 'client-studio-mac' });
    await waitFor(() =>
      expect(
        dialog.queryByText('Exported to Studio Mac: /Users/ana/Music/Message Station'),
      ).not.toBeInTheDocument(),
    );

    reply = { message: 'Exported' };
    await user.click(button(dialog, 'Export'));
    expect(await dialog.findByText('Exported to Studio Mac: unknown location')).toBeVisible();
  });

  it('says Failed to export message, or the server text', async () => {
    let fail = () => new Response('', { status: 500 });
    const { user, dialog } = await openDetails({ handlers: { [`POST ${EXPORT}`]: () => fail() } });
    await chooseMachine(user, dialog, 'Studio Mac');
    await user.click(button(dialog, 'Export'));
    expect(await dialog.findByText('Failed to export message')).toBeVisible();
    fail = () => jsonResponse({ error: 'Studio Mac did not answer in time.' }, 504);
    await user.click(button(dialog, 'Export'));
    expect(await dialog.findByText('Studio Mac did not answer in time.')).toBeVisible();
  });

  it('preselects the machine chosen last time while it is connected', async () => {
    window.localStorage.setItem(MACHINE_STORAGE_KEY, JSON.stringify(linuxBox().client_id));
    const { dialog } = await openDetails();
    await waitFor(() => expect(machineInput(dialog)).toHaveValue('Front Desk PC'));
  });
});
