import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import { bodiesSentTo } from '../../test/api-mock';
import { jsonResponse, renderApp } from '../../test/render-app';
import { expectShown } from '../../test/shown';
import { callCount, firstRun, mockDashboardApi } from './dashboard-test-helpers';

const FIRST_RUN = 'GET /admin/api/dashboard/first-run';

function step(key: string): HTMLElement {
  const item = document.querySelector(`[data-first-run-step="${key}"]`);
  if (!(item instanceof HTMLElement)) throw new Error(`no step ${key}`);
  return item;
}

async function showChecklist(...args: Parameters<typeof mockDashboardApi>) {
  const api = mockDashboardApi(...args);
  const view = renderApp('/admin/dashboard');
  await screen.findByRole('region', { name: 'Total Messages' });
  return { ...view, api, user: userEvent.setup({ delay: null }) };
}

describe('the first-run checklist', () => {
  it('lists each step of a new station, done or not, each with a way to where it is done', async () => {
    await showChecklist({ [FIRST_RUN]: () => jsonResponse(firstRun(['languages'])) });
    const card = within(await screen.findByRole('region', { name: 'Get your station ready' }));
    expect(card.getByText('1 of 6 done')).toBeVisible();

    const sms = within(step('sms_enabled'));
    expect(step('sms_enabled')).toHaveAttribute('data-done', 'false');
    expect(sms.getByText('Enable SMS')).toBeVisible();
    expect(sms.getByText('Not done yet')).toBeVisible();
    expect(sms.getByRole('link', { name: 'Open SMS settings' })).toHaveAttribute(
      'href',
      '/admin/settings?tab=sms',
    );

    // A step done says so and has nothing more to offer.
    expect(step('languages')).toHaveAttribute('data-done', 'true');
    expect(within(step('languages')).getByText('Done')).toBeVisible();
    expect(within(step('languages')).queryByRole('link')).not.toBeInTheDocument();

    expect(within(step('message_types')).getByRole('link', { name: 'Review types' })).toHaveAttribute(
      'href',
      '/admin/settings?tab=messageTypes',
    );
    expect(within(step('first_message')).getByRole('link', { name: 'Create a message' })).toHaveAttribute(
      'href',
      '/admin/alert',
    );
    expect(within(step('desktop_app')).getByRole('link', { name: 'Download the app' })).toHaveAttribute(
      'href',
      '/admin/download',
    );
  });

  it('offers the join link to copy and its QR code, for this site’s address', async () => {
    await showChecklist({ [FIRST_RUN]: () => jsonResponse(firstRun()) });
    await screen.findByText('Get your first subscriber');
    const subscriber = within(step('first_subscriber'));
    const url = `${window.location.origin}/join/demoradio`;
    // The join link's code loads with it, only while the step is to be done.
    expect(await subscriber.findByText(url)).toBeVisible();
    expect(subscriber.getByRole('button', { name: 'Copy the join link' })).toBeVisible();
    const qr = subscriber.getByRole('img', { name: `QR code of the join link ${url}` });
    expect(qr.querySelector('path')?.getAttribute('d')).toMatch(/^M\d/);
  });

  it('is hidden for the station when an admin hides it', async () => {
    const { api, user } = await showChecklist({
      [FIRST_RUN]: () => jsonResponse(firstRun()),
      'PUT /admin/api/dashboard/first-run': () => jsonResponse(firstRun([], true)),
    });
    await user.click(await screen.findByRole('button', { name: 'Hide checklist' }));
    expect(bodiesSentTo(api, 'PUT', '/admin/api/dashboard/first-run')).toEqual([{ hidden: true }]);
    await expect.poll(() => screen.queryByRole('region', { name: 'Get your station ready' })).toBeNull();
  });

  it('is gone once every step is done', async () => {
    const { api } = await showChecklist({});
    await expect.poll(() => callCount(api, 'GET', '/admin/api/dashboard/first-run')).toBe(1);
    expect(screen.queryByRole('region', { name: 'Get your station ready' })).not.toBeInTheDocument();
  });

  it('is never asked for by staff, who cannot take its steps', async () => {
    const { api } = await showChecklist(
      { [FIRST_RUN]: () => jsonResponse(firstRun()) },
      { user: { role: 'user' } },
    );
    expect(callCount(api, 'GET', '/admin/api/dashboard/first-run')).toBe(0);
    expect(screen.queryByText('Get your station ready')).not.toBeInTheDocument();
  });

  it('speaks Spanish', async () => {
    await showChecklist({ [FIRST_RUN]: () => jsonResponse(firstRun()) });
    await screen.findByRole('region', { name: 'Get your station ready' });
    try {
      await act(() => i18n.changeLanguage('es'));
      expectShown(await screen.findByRole('region', { name: 'Prepare su estación' }));
      expectShown(within(step('sms_enabled')).getByText('Activar los SMS'));
      expectShown(within(step('sms_enabled')).getByText('Pendiente'));
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});
