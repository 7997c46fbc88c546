import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { fileSaver } from '../../lib/save-file';
import { callCount, callsTo } from '../../test/api-mock';
import { jsonResponse, renderApp } from '../../test/render-app';
import { mockDownloadApi, zipResponse } from './download-test-helpers';

const PILOT = '/admin/api/download/app-pilot';

describe('AppPilotPage', () => {
  it('shows the early-release notice, version 2.0.1, the steps of the Mac executable and the requirements', async () => {
    mockDownloadApi({});
    renderApp('/admin/app-pilot');
    expect(await screen.findByRole('heading', { level: 1, name: 'App Pilot' })).toBeVisible();
    expect(screen.getByText('Early release')).toBeVisible();
    expect(
      screen.getByText(/early build of the Mac app as a single executable: no Node.js needed/),
    ).toHaveTextContent(
      'It is built for Intel Macs and runs on Apple Silicon through Rosetta 2. It is not signed yet',
    );
    expect(screen.getByText('Version 2.0.1')).toBeVisible();
    expect(screen.getByText('File: Message Station-2.0.1.zip')).toBeVisible();
    const install = within(screen.getByRole('region', { name: 'Installation' }));
    const steps = install.getAllByRole('listitem').map((step) => step.querySelector('p')?.textContent);
    expect(steps).toEqual([
      'Unzip the download',
      'On a Mac with Apple Silicon: install Rosetta 2',
      'Remove the quarantine flag',
      'Start the app',
      'Open the status page',
    ]);
    expect(install.getByText('softwareupdate --install-rosetta --agree-to-license')).toBeVisible();
    expect(
      install.getByText('xattr -dr com.apple.quarantine ~/Downloads/"Message Station-2.0.1"'),
    ).toBeVisible();
    expect(install.getByText(/Terminal opens and runs the app/)).toHaveTextContent(
      'Double-click Message Station in the folder.',
    );
    expect(install.getByText('Start at login')).toBeVisible();
    // No Node.js step, and not the script bundle's start files.
    expect(install.queryByRole('link', { name: 'nodejs.org' })).not.toBeInTheDocument();
    expect(install.queryByText('Start Message Station.command')).not.toBeInTheDocument();
    const requirements = within(screen.getByRole('region', { name: 'Requirements' }));
    expect(requirements.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'macOS 13.0 or later on a Mac with Apple Silicon (through Rosetta 2) or Intel',
      'No Node.js needed',
      'Your Station ID and an API key',
      'Stations in the USA only',
    ]);
    expect(screen.getByRole('region', { name: 'First-Time Setup' })).toBeVisible();
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('es');
    mockDownloadApi({});
    renderApp('/admin/app-pilot');
    expect(await screen.findByText('Versión anticipada')).toBeVisible();
    expect(screen.getByText(/como un único ejecutable: no necesita Node.js/)).toBeVisible();
    const install = within(screen.getByRole('region', { name: 'Instalación' }));
    expect(install.getByText('En una Mac con Apple Silicon: instale Rosetta 2')).toBeVisible();
    expect(install.getByText('Quite la marca de cuarentena')).toBeVisible();
    const requirements = within(screen.getByRole('region', { name: 'Requisitos' }));
    expect(requirements.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'macOS 13.0 o posterior en una Mac con Apple Silicon (con Rosetta 2) o Intel',
      'No necesita Node.js',
      'El ID de su estación y una clave API',
      'Solo estaciones en EE. UU.',
    ]);
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
    expect(callsTo(fetchMock, 'GET', PILOT)[0]?.path).toBe(PILOT);
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
