import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { callCount } from '../../test/api-mock';
import { jsonResponse, renderApp } from '../../test/render-app';
import { mockDownloadApi, zipResponse } from './download-test-helpers';
import { fileSaver } from './save-file';

const PILOT = '/admin/api/download/app-pilot';

describe('AppPilotPage', () => {
  it('shows the early-release notice, version 2.0.1, the quarantine step and the requirements', async () => {
    mockDownloadApi({});
    renderApp('/admin/app-pilot');
    expect(await screen.findByRole('heading', { level: 1, name: 'App Pilot' })).toBeVisible();
    expect(screen.getByText('Early release')).toBeVisible();
    expect(screen.getByText('Version 2.0.1')).toBeVisible();
    const install = within(screen.getByRole('region', { name: 'Installation' }));
    expect(
      install.getByText('xattr -dr com.apple.quarantine ~/Downloads/"Message Station-2.0.1"'),
    ).toBeVisible();
    expect(install.getByText('Start Message Station.command')).toBeVisible();
    const requirements = within(screen.getByRole('region', { name: 'Requirements' }));
    expect(requirements.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'macOS 13.0 or later on a Mac with Apple Silicon',
      'Node.js 20 or later',
      'Your Station ID and an API key',
      'Stations in the USA only',
    ]);
    expect(screen.getByRole('region', { name: 'First-Time Setup' })).toBeVisible();
  });

  it('downloads the App Pilot zip as Message Station-2.0.1.zip', async () => {
    const save = vi.spyOn(fileSaver, 'save').mockImplementation(() => {});
    const fetchMock = mockDownloadApi({ [`GET ${PILOT}`]: () => zipResponse('Message Station-2.0.1.zip') });
    renderApp('/admin/app-pilot');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Download Message Station 2.0.1' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    expect(save.mock.calls[0]?.[1]).toBe('Message Station-2.0.1.zip');
    expect(callCount(fetchMock, 'GET', PILOT)).toBe(1);
  });

  it('says Download failed. Please contact support. when it fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockDownloadApi({ [`GET ${PILOT}`]: () => jsonResponse({ error: 'Release not found' }, 404) });
    renderApp('/admin/app-pilot');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Download Message Station 2.0.1' }));
    expect(await screen.findByText('Download failed. Please contact support.')).toBeVisible();
  });
});
