import type { TScheduleDetail, TScheduleRequest } from '@message-station/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { bodiesSentTo } from '../../test/api-mock';
import { installFakeEventSource, message, mockMessagesApi } from '../../test/messages-test-helpers';
import { jsonResponse, renderApp } from '../../test/render-app';

const SCHEDULE = '/admin/api/messages/m-1/schedules';

function saved(request: TScheduleRequest): TScheduleDetail {
  return {
    id: 's-1',
    message_id: 'm-1',
    message_title: 'Storm warning',
    message_type: 'emergency',
    repeat: request.repeat,
    start_date: request.start_date,
    time: request.time,
    time_zone: 'America/New_York',
    ends_on: request.ends_on ?? null,
    max_runs: request.max_runs ?? null,
    runs_done: 0,
    send_sms: request.send_sms,
    machines: [],
    status: 'active',
    next_run_at: '2030-01-07T14:30:00.000Z',
    upcoming: [],
    last_run: null,
    created_by: 'Demo Admin',
    created_at: '2030-01-01T00:00:00.000Z',
    runs: [],
  };
}

async function openScheduling(user: Partial<{ role: 'admin' | 'user' }> = {}) {
  installFakeEventSource();
  const shown = message();
  const api = mockMessagesApi(
    {
      'GET /admin/api/messages': () => jsonResponse([shown]),
      [`POST ${SCHEDULE}`]: (_url, sent) => {
        const body = sent.body as TScheduleRequest;
        return jsonResponse(
          {
            schedule: saved(body),
            check: { recipients: 12, credits_per_run: 14, balance: 250, translations_pending: ['fr'] },
          },
          201,
        );
      },
    },
    { user },
  );
  renderApp('/admin/messages');
  const clicker = userEvent.setup({ delay: null });
  const row = (await screen.findByText(shown.original)).closest('tr') as HTMLElement;
  await clicker.click(within(row).getByRole('button', { name: 'Details' }));
  const detail = within(await screen.findByRole('dialog'));
  const button = detail.getByRole('button', { name: 'Schedule' });
  await waitFor(() => expect(button).not.toHaveAttribute('aria-disabled'));
  await clicker.click(button);
  const form = within(await screen.findByRole('dialog', { name: /^Schedule “/ }));
  return { api, clicker, detail, form };
}

describe('Schedule a message', () => {
  it('sends the recurrence as chosen and says what each run will do', async () => {
    const { api, clicker, detail, form } = await openScheduling();
    expect(
      form.getByText(/Times are in the station's time zone: Eastern Time \(New York\)/),
    ).toBeInTheDocument();
    await clicker.selectOptions(form.getByRole('combobox', { name: 'Repeat' }), 'Monday to Friday');
    const date = form.getByLabelText(/Starts on/);
    await clicker.clear(date);
    await clicker.type(date, '2030-01-07');
    const time = form.getByLabelText(/Time/);
    await clicker.clear(time);
    await clicker.type(time, '09:30');
    await clicker.click(form.getByRole('radio', { name: 'After a number of runs' }));
    const runs = form.getByRole('textbox', { name: /Number of runs/ });
    await clicker.clear(runs);
    await clicker.type(runs, '3');
    await clicker.click(form.getByRole('button', { name: 'Schedule' }));

    await waitFor(() => expect(bodiesSentTo(api, 'POST', SCHEDULE)).toHaveLength(1));
    expect(bodiesSentTo(api, 'POST', SCHEDULE)[0]).toEqual({
      repeat: 'weekdays',
      start_date: '2030-01-07',
      time: '09:30',
      ends_on: null,
      max_runs: 3,
      send_sms: true,
      machine_ids: [],
    });
    expect(await detail.findByText(/Scheduled\. First run: Mon, Jan 7, 9:30 AM EST\./)).toBeInTheDocument();
    expect(detail.getByText(/Each run sends to 12 subscribers for 14 credits\./)).toBeInTheDocument();
    expect(detail.getByText(/Translations into French are still being made/)).toBeInTheDocument();
  });

  it('lets a standard user schedule Play only: SMS is an admin’s', async () => {
    const { form } = await openScheduling({ role: 'user' });
    const sms = form.getByRole('checkbox', { name: /Send by SMS/ });
    expect(sms).not.toBeChecked();
    expect(sms).toBeDisabled();
    expect(form.getByText('Only admins can schedule SMS.')).toBeInTheDocument();
  });
});
