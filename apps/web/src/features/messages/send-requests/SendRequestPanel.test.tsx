// A message's requests to send in its detail (decision 0077): a standard user reads, on the page,
// that only admins send SMS and asks them; then sees it waiting, sent, or declined and why. An
// admin sees who asked, sends it through the usual confirmation, or declines it with a reason.
import type { TSendRequestView } from '@message-station/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodiesSentTo } from '../../../test/api-mock';
import { setCookie } from '../../../test/cookies';
import { installFakeEventSource, message, mockMessagesApi } from '../../../test/messages-test-helpers';
import { jsonResponse, renderApp } from '../../../test/render-app';
import { expectShown } from '../../../test/shown';

const REQUESTS = '/admin/api/messages/m-1/send-requests';

function request(overrides: Partial<TSendRequestView> = {}): TSendRequestView {
  return {
    id: 'sr-1',
    message_id: 'm-1',
    status: 'pending',
    requested_by: { id: 'user-2', name: 'Sam Staff' },
    requested_at: new Date(Date.now() - 5 * 60_000).toISOString(),
    note: 'Fire chief confirmed.',
    decided_by: null,
    decided_at: null,
    reason: null,
    ...overrides,
  };
}

async function openDetails(role: 'admin' | 'user', requests: () => TSendRequestView[], handlers = {}) {
  setCookie('csrf_token', 'sr');
  installFakeEventSource();
  const fetchMock = mockMessagesApi(
    {
      'GET /admin/api/messages': () => jsonResponse([message({ message_type: 'emergency' })]),
      // The helpers' own answer for every message, replaced in place.
      'GET /admin/api/messages/:id/send-requests': () => jsonResponse({ requests: requests() }),
      ...handlers,
    },
    { user: { role, id: role === 'user' ? 'user-2' : 'user-1', fullName: 'Sam Staff' } },
  );
  renderApp('/admin/messages');
  const user = userEvent.setup({ delay: null });
  const row = (await screen.findByText('Main Street is closed until 5 PM.')).closest('tr') as HTMLElement;
  await user.click(within(row).getByRole('button', { name: 'Details' }));
  const dialog = within(await screen.findByRole('dialog'));
  return { user, dialog, fetchMock };
}

describe('asking the admins to send', () => {
  it('tells a standard user why on the page and asks the admins, note and all', async () => {
    let requests: TSendRequestView[] = [];
    const { user, dialog, fetchMock } = await openDetails('user', () => requests, {
      [`POST ${REQUESTS}`]: () => {
        requests = [request({ requested_at: new Date().toISOString(), note: 'Gas company called.' })];
        return jsonResponse(requests[0], 201);
      },
    });
    // No hover needed: the reason and the way out are written out.
    expectShown(await dialog.findByText('Only admins send SMS'));
    expectShown(
      dialog.getByText(
        'Ask an admin to send it: every admin of the station gets an email and sees your request here.',
      ),
    );
    await user.type(dialog.getByRole('textbox', { name: /Note for the admins/ }), 'Gas company called.');
    await user.click(dialog.getByRole('button', { name: 'Ask an admin to send' }));

    expectShown(await dialog.findByText('You asked the admins to send this'));
    expectShown(
      dialog.getByText('Asked just now. Every admin got an email; it waits for one of them to send it.'),
    );
    expectShown(dialog.getByText('Note: Gas company called.'));
    expect(dialog.queryByRole('button', { name: 'Ask an admin to send' })).toBeNull();
    expect(bodiesSentTo(fetchMock, 'POST', REQUESTS)).toEqual([{ note: 'Gas company called.' }]);
  });

  it("words the server's refusal when a colleague asked first", async () => {
    const { user, dialog } = await openDetails('user', () => [], {
      [`POST ${REQUESTS}`]: () =>
        jsonResponse(
          {
            error: 'The admins were already asked to send this message and have not answered yet.',
            code: 'send_request_pending',
          },
          409,
        ),
    });
    await user.click(await dialog.findByRole('button', { name: 'Ask an admin to send' }));
    expectShown(
      await dialog.findByText(
        'The admins were already asked to send this message and have not answered yet.',
      ),
    );
  });

  it('shows the requester who sent what they asked for; they may ask again', async () => {
    const admin = { id: 'user-1', name: 'Avery Admin' };
    const sent = await openDetails('user', () => [request({ status: 'sent', decided_by: admin })]);
    expectShown(await sent.dialog.findByText('Sent by Avery Admin, as Sam Staff asked.'));
    expect(sent.dialog.queryByRole('button', { name: 'Ask an admin to send' })).toBeNull();
    await sent.user.click(sent.dialog.getByRole('button', { name: 'Ask an admin to send it again' }));
    expectShown(sent.dialog.getByRole('button', { name: 'Ask an admin to send' }));
  });

  it('shows a declined request with its reason', async () => {
    const { dialog } = await openDetails('user', () => [
      request({
        status: 'declined',
        decided_by: { id: 'user-1', name: 'Avery Admin' },
        reason: 'County sent it.',
      }),
    ]);
    expectShown(
      await dialog.findByText('Avery Admin declined the request of Sam Staff to send this: County sent it.'),
    );
  });

  it('lets an admin send what was asked through the usual confirmation', async () => {
    const { user, dialog } = await openDetails('admin', () => [request()]);
    expectShown(await dialog.findByText('Sam Staff asked to send this'));
    expectShown(dialog.getByText('Note: Fire chief confirmed.'));
    await user.click(dialog.getByRole('button', { name: 'Send it by SMS' }));
    expectShown(await dialog.findByRole('alertdialog'));
  });

  it('lets an admin decline with a reason the requester reads', async () => {
    let requests = [request()];
    const { user, dialog, fetchMock } = await openDetails('admin', () => requests, {
      'POST /admin/api/send-requests/sr-1/decline': () => {
        requests = [
          request({
            status: 'declined',
            decided_by: { id: 'user-1', name: 'Avery Admin' },
            reason: 'Not ours.',
          }),
        ];
        return jsonResponse(requests[0]);
      },
    });
    await user.click(await dialog.findByRole('button', { name: 'Decline' }));
    await user.type(dialog.getByRole('textbox', { name: /Reason/ }), 'Not ours.');
    await user.click(dialog.getByRole('button', { name: 'Decline request' }));
    expectShown(
      await dialog.findByText('Avery Admin declined the request of Sam Staff to send this: Not ours.'),
    );
    expect(bodiesSentTo(fetchMock, 'POST', '/admin/api/send-requests/sr-1/decline')).toEqual([
      { reason: 'Not ours.' },
    ]);
  });

  it("lists what awaits the admins above the messages, and the email's link opens the message", async () => {
    installFakeEventSource();
    mockMessagesApi({
      'GET /admin/api/messages': () => jsonResponse([message({ message_type: 'emergency' })]),
      'GET /admin/api/messages/:id/send-requests': () => jsonResponse({ requests: [request()] }),
      'GET /admin/api/send-requests': () =>
        jsonResponse({
          count: 1,
          requests: [{ ...request(), title: 'Road closure', message_type: 'emergency' }],
        }),
    });
    const user = userEvent.setup({ delay: null });
    renderApp('/admin/messages?message=m-1');
    // The link from the email: the message opens by itself.
    expectShown(await within(await screen.findByRole('dialog')).findByText('Sam Staff asked to send this'));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const notice = within(await screen.findByTestId('send-requests'));
    expectShown(notice.getByText('1 message waits for an admin to send it:'));
    await user.click(notice.getByRole('button', { name: 'Road closure (asked by Sam Staff)' }));
    expectShown(await within(await screen.findByRole('dialog')).findByText('Sam Staff asked to send this'));
  });
});
