// Two-person approval on the Messages page (decision 0039): the list's badge, the queue for admins,
// Send and Play held with the reason, and who may approve or reject (a rejection needs a comment).
import type { TMessageApproval } from '@message-station/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TMessage } from '../../../api/messages';
import { bodiesSentTo, callCount } from '../../../test/api-mock';
import { installFakeEventSource, message, mockMessagesApi } from '../../../test/messages-test-helpers';
import { jsonResponse, renderApp } from '../../../test/render-app';

const SAM = { id: 'user-2', name: 'Sam User' };
const ROBIN = { id: 'user-3', name: 'Robin Second' };

function approval(overrides: Partial<TMessageApproval> = {}): TMessageApproval {
  return {
    message_id: 'm-1',
    status: 'pending',
    required: true,
    revision: 2,
    author_id: SAM.id,
    requested_by: SAM,
    requested_at: new Date().toISOString(),
    decided_by: null,
    decided_at: null,
    comment: null,
    ...overrides,
  };
}

async function openDetails(held: TMessage, user: { id?: string; role?: 'admin' | 'user' } = {}) {
  installFakeEventSource();
  const api = mockMessagesApi(
    {
      'GET /admin/api/messages': () => jsonResponse([held]),
      'GET /admin/api/approvals': () =>
        jsonResponse({
          count: 1,
          approvals: [{ ...held.approval, title: held.title, message_type: 'alert' }],
        }),
      'POST /admin/api/messages/m-1/approval/approve': () =>
        jsonResponse(approval({ status: 'approved', decided_by: { id: 'user-1', name: 'Ana Rivera' } })),
      'POST /admin/api/messages/m-1/approval/reject': () =>
        jsonResponse(approval({ status: 'rejected', decided_by: { id: 'user-1', name: 'Ana Rivera' } })),
    },
    { user },
  );
  renderApp('/admin/messages');
  const clicks = userEvent.setup({ delay: null });
  const row = (await screen.findByText(held.original)).closest('tr') as HTMLElement;
  await within(row).findByText(held.approval?.status === 'rejected' ? 'Rejected' : 'Awaiting approval');
  await clicks.click(within(row).getByRole('button', { name: 'Details' }));
  const dialog = within(await screen.findByRole('dialog'));
  return { api, clicks, dialog };
}

describe('Approval panel', () => {
  it('holds Send SMS and Play, and lets a second admin reject with a comment or approve', async () => {
    const { api, clicks, dialog } = await openDetails(message({ approval: approval() }));
    expect(screen.getByTestId('pending-approvals')).toHaveTextContent(
      "1 message awaits a second admin's approval:",
    );
    expect(dialog.getByText('Awaiting approval')).toBeVisible();
    expect(dialog.getByRole('button', { name: 'Send SMS' })).toHaveAttribute('aria-disabled', 'true');
    // Play says why rather than asking for a machine.
    await clicks.click(dialog.getByRole('button', { name: 'Play' }));
    expect(dialog.getAllByRole('alert').map((alert) => alert.textContent)).toContain(
      "Awaiting a second admin's approval",
    );

    await clicks.click(dialog.getByRole('button', { name: 'Reject' }));
    expect(dialog.getByText('Say why the message is rejected.')).toBeVisible();
    expect(callCount(api, 'POST', '/admin/api/messages/m-1/approval/reject')).toBe(0);

    await clicks.type(dialog.getByRole('textbox', { name: 'Comment' }), 'Say which streets.');
    await clicks.click(dialog.getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(bodiesSentTo(api, 'POST', '/admin/api/messages/m-1/approval/reject')).toEqual([
        { revision: 2, comment: 'Say which streets.' },
      ]),
    );
    await clicks.click(dialog.getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(bodiesSentTo(api, 'POST', '/admin/api/messages/m-1/approval/approve')).toEqual([
        { revision: 2, comment: 'Say which streets.' },
      ]),
    );
  });

  it('tells the writer, even an admin, that another admin must approve', async () => {
    const { dialog } = await openDetails(message({ approval: approval() }), { id: SAM.id });
    expect(
      dialog.getByText('You wrote or edited this text, so another admin must approve it.'),
    ).toBeVisible();
    expect(dialog.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('shows the writer who rejected it, why, and how to put it up again', async () => {
    const rejected = message({
      approval: approval({ status: 'rejected', decided_by: ROBIN, comment: 'Say which streets.' }),
    });
    const { dialog } = await openDetails(rejected, { role: 'user', id: SAM.id });
    expect(dialog.getByText('Rejected by Robin Second')).toBeVisible();
    expect(dialog.getByText('Say which streets.')).toBeVisible();
    expect(dialog.getByText('Edit the message to put it up for approval again.')).toBeVisible();
    expect(screen.queryByTestId('pending-approvals')).toBeNull();
  });
});
