import { LIMITS } from '@message-station/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { pageReload } from '../../lib/page-reload';
import { networkError } from '../../test/api-mock';
import { setCookie } from '../../test/cookies';
import { jsonResponse, renderApp } from '../../test/render-app';
import { bodiesSentTo, callCount, mockSettingsApi, stationSettings } from './settings-test-helpers';

const LOGO = 'POST /admin/api/station/logo';
const DROP = 'Drag your logo here or click to choose a file';
const SAVE = 'Save Station Branding';

function png(name = 'logo.png', bytes = 2048) {
  return new File([new Uint8Array(bytes)], name, { type: 'image/png' });
}

async function renderLogo() {
  // Files of any type reach the dropzone, which rejects them as a browser drop would.
  const user = userEvent.setup({ applyAccept: false });
  renderApp('/admin/settings');
  await screen.findByLabelText(DROP);
  return user;
}

const saveBar = () => within(screen.getByTestId('settings-save-bar'));

describe('Settings: Station Logo', () => {
  it('shows the current logo, the upload rules, and that Save Station Branding saves it', async () => {
    mockSettingsApi({
      'GET /admin/api/station/settings': () =>
        jsonResponse(stationSettings({ logo_url: '/uploads/logos/demoradio.png?v=1' })),
    });
    await renderLogo();
    expect(screen.getByRole('img', { name: 'Current station logo' })).toHaveAttribute(
      'src',
      '/uploads/logos/demoradio.png?v=1',
    );
    expect(screen.getByText('PNG or JPG, up to 1MB, square.')).toBeVisible();
  });

  it('refuses another file type and a file over 1 MB without uploading', async () => {
    const fetchMock = mockSettingsApi();
    const user = await renderLogo();
    await user.upload(screen.getByLabelText(DROP), new File(['GIF89a'], 'logo.gif', { type: 'image/gif' }));
    expect(await screen.findByText('File type must be: png, jpg, jpeg')).toBeVisible();

    await user.upload(screen.getByLabelText(DROP), png('huge.png', LIMITS.logoMaxBytes + 1));
    expect(await screen.findByText('File size must be under 1MB')).toBeVisible();
    expect(screen.queryByText('File type must be: png, jpg, jpeg')).not.toBeInTheDocument();
    expect(callCount(fetchMock, 'POST', '/admin/api/station/logo')).toBe(0);
  });

  it('previews a chosen logo, uploads it only with Save Station Branding, then shows it and refreshes the top bar without a reload', async () => {
    setCookie('csrf_token', 'l1');
    const reload = vi.spyOn(pageReload, 'reload').mockImplementation(() => {});
    const fetchMock = mockSettingsApi({
      [LOGO]: () => jsonResponse({ logo_url: '/uploads/logos/demoradio.png?v=2' }),
    });
    const user = await renderLogo();
    expect(screen.getByText('No logo uploaded yet.')).toBeVisible();

    await user.upload(screen.getByLabelText(DROP), png());
    const preview = await screen.findByRole('img', { name: 'New station logo, not saved yet' });
    expect(preview.getAttribute('src')).toMatch(/^blob:/);
    expect(screen.getByText('logo.png will replace the current logo when you save.')).toBeVisible();
    expect(callCount(fetchMock, 'POST', '/admin/api/station/logo')).toBe(0);

    const sessionCalls = callCount(fetchMock, 'GET', '/auth/session');
    await user.click(screen.getByRole('button', { name: SAVE }));
    expect(await saveBar().findByText('Station branding saved.')).toBeVisible();
    const [form] = bodiesSentTo(fetchMock, 'POST', '/admin/api/station/logo') as FormData[];
    expect((form?.get('logo') as File | undefined)?.name).toBe('logo.png');
    expect(callCount(fetchMock, 'PUT', '/admin/api/station/settings')).toBe(1);
    await waitFor(() => expect(callCount(fetchMock, 'GET', '/auth/session')).toBeGreaterThan(sessionCalls));
    expect(await screen.findByRole('img', { name: 'Current station logo' })).toHaveAttribute(
      'src',
      '/uploads/logos/demoradio.png?v=2',
    );
    expect(screen.queryByRole('img', { name: 'New station logo, not saved yet' })).not.toBeInTheDocument();
    expect(reload).not.toHaveBeenCalled();
  });

  it('keeps the current logo when the choice is discarded: nothing is uploaded', async () => {
    setCookie('csrf_token', 'l3');
    vi.spyOn(pageReload, 'reload').mockImplementation(() => {});
    const fetchMock = mockSettingsApi({
      'GET /admin/api/station/settings': () =>
        jsonResponse(stationSettings({ logo_url: '/uploads/logos/demoradio.png?v=1' })),
    });
    const user = await renderLogo();
    await user.upload(screen.getByLabelText(DROP), png('other.png'));
    await screen.findByRole('img', { name: 'New station logo, not saved yet' });

    await user.click(screen.getByRole('button', { name: 'Keep the current logo' }));
    expect(screen.getByRole('img', { name: 'Current station logo' })).toHaveAttribute(
      'src',
      '/uploads/logos/demoradio.png?v=1',
    );
    expect(screen.queryByText(/will replace the current logo/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: SAVE }));
    expect(await saveBar().findByText('Station branding saved.')).toBeVisible();
    expect(callCount(fetchMock, 'POST', '/admin/api/station/logo')).toBe(0);
  });

  it("says the settings were saved but not the logo: the server's refusal, the fallback, the network", async () => {
    setCookie('csrf_token', 'l2');
    const reload = vi.spyOn(pageReload, 'reload').mockImplementation(() => {});
    let reply: () => Response = () => jsonResponse({ error: 'The logo must be a PNG or JPEG image.' }, 400);
    mockSettingsApi({ [LOGO]: () => reply() });
    const user = await renderLogo();
    await user.upload(screen.getByLabelText(DROP), png());
    await screen.findByRole('img', { name: 'New station logo, not saved yet' });

    await user.click(screen.getByRole('button', { name: SAVE }));
    expect(
      await saveBar().findByText(
        'The settings were saved, but not the new logo: The logo must be a PNG or JPEG image.',
      ),
    ).toBeVisible();
    // Still chosen, so saving again tries again.
    expect(screen.getByRole('img', { name: 'New station logo, not saved yet' })).toBeVisible();

    reply = () => new Response('oops', { status: 500 });
    await user.click(screen.getByRole('button', { name: SAVE }));
    expect(
      await saveBar().findByText('The settings were saved, but not the new logo: Failed to upload logo'),
    ).toBeVisible();

    reply = networkError;
    await user.click(screen.getByRole('button', { name: SAVE }));
    expect(
      await saveBar().findByText(
        'The settings were saved, but not the new logo: Upload failed. Please try again.',
      ),
    ).toBeVisible();
    expect(reload).not.toHaveBeenCalled();
  });
});
