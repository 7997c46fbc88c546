// Settings → Message Types with fewer than two admins (decision 0077): a switch that would start
// holding messages for a second admin is off and says why, with the way to the Users page; one that
// holds them already says nobody can approve and can be turned off; with two admins all are free.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { pageReload } from '../../lib/page-reload';
import { setCookie } from '../../test/cookies';
import { jsonResponse, renderApp } from '../../test/render-app';
import { expectShown } from '../../test/shown';
import { bodiesSentTo, mockSettingsApi, openTab, stationSettings } from './settings-test-helpers';

const SETTINGS = '/admin/api/station/settings';

async function openMessageTypes(settings: Parameters<typeof stationSettings>[0]) {
  setCookie('csrf_token', 'ap1');
  vi.spyOn(pageReload, 'reload').mockImplementation(() => {});
  const fetchMock = mockSettingsApi({ [`GET ${SETTINGS}`]: () => jsonResponse(stationSettings(settings)) });
  const user = userEvent.setup({ delay: null });
  renderApp('/admin/settings');
  await openTab(user, 'Message Types');
  const card = (key: string) => within(document.querySelector(`[data-message-type="${key}"]`) as HTMLElement);
  const approval = (level: string) =>
    screen.getByRole('checkbox', { name: `${level}: Second admin approves before SMS or Play` });
  return { user, fetchMock, card, approval };
}

describe('two-person approval switches and the number of admins', () => {
  it('are off with the reason and a link to Users where the station has one admin', async () => {
    const { user, card, approval } = await openMessageTypes({ admin_count: 1 });
    expect(approval('Alert')).toBeDisabled();
    expectShown(card('alert').getByText('Needs two admins; this station has 1.'));
    const link = card('alert').getByRole('link', { name: 'Add an admin.' });
    expect(link).toHaveAttribute('href', '/admin/users');
    // Requiring emergencies while they go without approval holds nothing; holding them would.
    expect(approval('Emergency')).toBeEnabled();
    await user.click(approval('Emergency'));
    const bypass = screen.getByRole('checkbox', { name: 'Emergencies go without waiting for approval' });
    expect(bypass).toBeChecked();
    expect(bypass).toBeDisabled();
    expectShown(card('emergency').getByText('Needs two admins; this station has 1.'));
  });

  it('let a station that holds a type already with one admin see why and turn it off', async () => {
    const { user, fetchMock, card, approval } = await openMessageTypes({
      admin_count: 1,
      approval_required_types: ['alert'],
    });
    expect(approval('Alert')).toBeChecked();
    expect(approval('Alert')).toBeEnabled();
    expectShown(
      card('alert').getByText(
        'This station has 1 admin, so nobody can approve what an admin writes: turn this off, or',
      ),
    );
    await user.click(approval('Alert'));
    expect(card('alert').queryByText(/nobody can approve/)).toBeNull();
    // Checked again before saving: what was saved is held, so it is not off limits.
    expect(approval('Alert')).toBeEnabled();
    await user.click(approval('Alert'));
    await user.click(approval('Alert'));
    await user.click(screen.getByRole('button', { name: 'Save Message Types' }));
    expectShown(await screen.findByText('Message types saved.'));
    expect(bodiesSentTo(fetchMock, 'PUT', SETTINGS)).toEqual([
      expect.objectContaining({ approval_required_types: [] }),
    ]);
  });

  it('are free where the station has two admins', async () => {
    const { card, approval } = await openMessageTypes({ admin_count: 2 });
    expect(approval('Alert')).toBeEnabled();
    expect(card('alert').queryByText(/Needs two admins/)).toBeNull();
    expectShown(card('alert').getByText(/Another admin approves before it goes out/));
  });
});
