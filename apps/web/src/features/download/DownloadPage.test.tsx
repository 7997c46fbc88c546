import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { callCount } from '../../test/api-mock';
import { jsonResponse, renderApp } from '../../test/render-app';
import { mockDownloadApi, releaseNotes, zipResponse } from './download-test-helpers';
import { fileSaver } from './save-file';

const NOTES_201 = [
  '## Highlights',
  '',
  '- **Play** speaks the original, then each translation.',
  '- Export writes one WAV file per language.',
].join('\n');

function releasesApi(extra: Parameters<typeof mockDownloadApi>[0] = {}) {
  return mockDownloadApi({
    'GET /api/releases': () => jsonResponse({ releases: ['2.0.1', '2.0.0'] }),
    'GET /api/releases/2.0.1': () => jsonResponse(releaseNotes({ notes: NOTES_201 })),
    'GET /api/releases/2.0.0': () =>
      jsonResponse(releaseNotes({ version: '2.0.0', notes: '  ', size_bytes: null, sha256: null })),
    ...extra,
  });
}

async function chooseVersion(user: ReturnType<typeof userEvent.setup>, label: string) {
  await user.click(await screen.findByRole('combobox', { name: 'Version' }));
  await user.click(await screen.findByRole('option', { name: label }));
}

async function notesSection(version: string) {
  return within(await screen.findByRole('region', { name: `Release Notes ${version}` }));
}

describe('DownloadPage', () => {
  it('offers the versions newest first with the latest marked, and shows its notes formatted', async () => {
    releasesApi();
    renderApp('/admin/download');
    expect(await screen.findByRole('heading', { level: 1, name: 'Download' })).toBeVisible();
    const select = (await screen.findByRole('combobox', { name: 'Version' })) as HTMLInputElement;
    expect(select).toHaveValue('2.0.1 (Latest)');
    await userEvent.setup({ delay: null }).click(select);
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      '2.0.1 (Latest)',
      '2.0.0',
    ]);

    const notes = await notesSection('2.0.1');
    expect(await notes.findByRole('heading', { level: 3, name: 'Highlights' })).toBeVisible();
    expect(notes.getByText('Play', { selector: 'strong' })).toBeVisible();
    expect(notes.getAllByRole('listitem')).toHaveLength(2);

    const facts = within(screen.getByRole('table', { name: 'About this download' }));
    expect(facts.getByText('Message Station-2.0.1.zip')).toBeVisible();
    expect(facts.getByText('2.5 MB')).toBeVisible();
    expect(facts.getByText('a'.repeat(64))).toBeVisible();
    expect(facts.getByText('November 20, 2026')).toBeVisible();
  });

  it('says No release notes available. for a version without notes', async () => {
    releasesApi();
    renderApp('/admin/download');
    const user = userEvent.setup({ delay: null });
    await chooseVersion(user, '2.0.0');
    expect(await (await notesSection('2.0.0')).findByText('No release notes available.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Download Message Station 2.0.0' })).toBeVisible();
    expect(screen.queryByText('SHA-256')).not.toBeInTheDocument();
  });

  it('says Failed to load release notes. when they cannot load', async () => {
    releasesApi({ 'GET /api/releases/2.0.1': () => jsonResponse({ error: 'Release not found' }, 404) });
    renderApp('/admin/download');
    expect(await (await notesSection('2.0.1')).findByText('Failed to load release notes.')).toBeVisible();
  });

  it("downloads the chosen version's zip as Message Station-{version}.zip", async () => {
    const save = vi.spyOn(fileSaver, 'save').mockImplementation(() => {});
    const fetchMock = releasesApi({
      'GET /admin/api/download/app/2.0.1': () => zipResponse('Message Station-2.0.1.zip'),
    });
    renderApp('/admin/download');
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Download Message Station 2.0.1' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    const [blob, fileName] = save.mock.calls[0] ?? [];
    expect(fileName).toBe('Message Station-2.0.1.zip');
    expect(await (blob as Blob).text()).toBe('PK');
    expect(callCount(fetchMock, 'GET', '/admin/api/download/app/2.0.1')).toBe(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says Download failed. Please contact support. when the zip cannot be had', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const save = vi.spyOn(fileSaver, 'save').mockImplementation(() => {});
    releasesApi({
      'GET /admin/api/download/app/2.0.0': () => jsonResponse({ error: 'Release not found' }, 404),
    });
    renderApp('/admin/download');
    const user = userEvent.setup({ delay: null });
    await chooseVersion(user, '2.0.0');
    await user.click(screen.getByRole('button', { name: 'Download Message Station 2.0.0' }));
    const alert = within(await screen.findByRole('alert'));
    expect(alert.getByText('Download failed. Please contact support.')).toBeVisible();
    expect(alert.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/admin/contact');
    expect(save).not.toHaveBeenCalled();
  });

  it('explains installing, starting and signing in with this station’s details', async () => {
    releasesApi();
    renderApp('/admin/download');
    await screen.findByRole('combobox', { name: 'Version' });
    const install = within(screen.getByRole('region', { name: 'Installation' }));
    expect(install.getByText('Message Station-2.0.1.zip')).toBeVisible();
    expect(install.getByText('sudo apt install espeak-ng lame')).toBeVisible();
    expect(install.getByRole('link', { name: 'nodejs.org' })).toHaveAttribute('href', 'https://nodejs.org/');
    expect(install.getByRole('link', { name: 'http://127.0.0.1:47800' })).toBeVisible();
    const user = userEvent.setup({ delay: null });
    await user.click(install.getByRole('tab', { name: 'macOS' }));
    expect(install.getByText('Start Message Station.command')).toBeVisible();
    await user.click(install.getByRole('tab', { name: 'Windows' }));
    expect(install.getByText('Start Message Station.cmd')).toBeVisible();
    await user.click(install.getByRole('tab', { name: 'Linux' }));
    expect(install.getByText('./start-message-station.sh')).toBeVisible();

    const setup = within(screen.getByRole('region', { name: 'First-Time Setup' }));
    expect(setup.getByText('demoradio')).toBeVisible();
    expect(setup.getByText(window.location.origin)).toBeVisible();
    expect(setup.getByRole('link', { name: 'Users page' })).toHaveAttribute('href', '/admin/users');
    expect(setup.getByText('Always Allow')).toBeVisible();

    const requirements = within(screen.getByRole('region', { name: 'Requirements' }));
    expect(requirements.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'macOS 13 or later (Apple Silicon recommended), Windows 10 or later, or Linux with espeak-ng',
      'Node.js 20 or later',
      'Your Station ID and an API key',
    ]);
  });

  it('says when no release is available yet', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockDownloadApi({ 'GET /api/releases': () => jsonResponse({ error: 'Boom' }, 500) });
    renderApp('/admin/download');
    expect(await screen.findByText('No release of the desktop app is available yet.')).toBeVisible();
    expect(screen.queryByRole('button', { name: /Download Message Station/ })).not.toBeInTheDocument();
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('es');
    releasesApi();
    renderApp('/admin/download');
    const select = (await screen.findByRole('combobox', { name: 'Versión' })) as HTMLInputElement;
    expect(select).toHaveValue('2.0.1 (la más reciente)');
    expect(await screen.findByRole('region', { name: 'Notas de la versión 2.0.1' })).toBeVisible();
  });
});
