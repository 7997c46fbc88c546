import { LIMITS } from '@message-station/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { networkError } from '../../test/api-mock';
import { setCookie } from '../../test/cookies';
import { jsonResponse, renderApp } from '../../test/render-app';
import { bodiesSentTo, callCount, mockSettingsApi, stationSettings } from './settings-test-helpers';

const LOGO = 'POST /admin/api/station/logo';
const DROP = 'Drag your logo here or click to choose a file';

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

describe('Settings: Station Logo', () => {
  it('shows the current logo and the upload rules', async () => {
    mockSettingsApi({
      'GET /admin/api/station/settings': () =>
        jsonResponse(stationSettings({ logo_url: '/uploads/logos/demoradio.png?v=1' })),
    });
    await renderLogo();
    expect(screen.getByRole('img', { name: 'Current station logo' })).toHaveAttribute(
      'src',
      '/uploads/logos/demoradio.png?v=1',
    );
    expect(screen.getByText('PNG, JPG or JPEG, up to 1MB. Recommended size 1000x1000px.')).toBeVisible();
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

  it('uploads at once, shows the new logo and refreshes the top bar', async () => {
    setCookie('csrf_token', 'l1');
    const fetchMock = mockSettingsApi({
      [LOGO]: () => jsonResponse({ logo_url: '/uploads/logos/demoradio.png?v=2' }),
    });
    const user = await renderLogo();
    const sessionCalls = callCount(fetchMock, 'GET', '/auth/session');
    expect(screen.getByText('No logo uploaded yet.')).toBeVisible();

    await user.upload(screen.getByLabelText(DROP), png());
    const logo = await screen.findByRole('img', { name: 'Current station logo' });
    expect(logo).toHaveAttribute('src', '/uploads/logos/demoradio.png?v=2');
    const [form] = bodiesSentTo(fetchMock, 'POST', '/admin/api/station/logo') as FormData[];
    expect((form?.get('logo') as File | undefined)?.name).toBe('logo.png');
    await waitFor(() => expect(callCount(fetchMock, 'GET', '/auth/session')).toBeGreaterThan(sessionCalls));
  });

  it("shows the server's refusal, the fallback and the network failure", async () => {
    setCookie('csrf_token', 'l2');
    let reply: () => Response = () => jsonResponse({ error: 'The logo must be a PNG or JPEG image.' }, 400);
    mockSettingsApi({ [LOGO]: () => reply() });
    const user = await renderLogo();

    await user.upload(screen.getByLabelText(DROP), png());
    expect(await screen.findByText('The logo must be a PNG or JPEG image.')).toBeVisible();

    reply = () => new Response('oops', { status: 500 });
    await user.upload(screen.getByLabelText(DROP), png('second.png'));
    expect(await screen.findByText('Failed to upload logo')).toBeVisible();

    reply = networkError;
    await user.upload(screen.getByLabelText(DROP), png('third.png'));
    expect(await screen.findByText('Upload failed. Please try again.')).toBeVisible();
  });
});
