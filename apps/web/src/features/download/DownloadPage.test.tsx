import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n';
import { fileSaver } from '../../lib/save-file';
import { callsTo } from '../../test/api-mock';
import { jsonResponse, renderApp } from '../../test/render-app';
import { mockDownloadApi, releaseDownloads, releaseNotes, zipResponse } from './download-test-helpers';
import { restoreBrowserSystem, stubBrowserSystem, USER_AGENTS } from './system-test-helpers';

const NOTES_201 = [
  '## Highlights',
  '',
  '- **Play** speaks the original, then each translation.',
  '- Export writes one WAV file per language.',
].join('\n');

const SYSTEMS = ['Windows', 'macOS', 'Linux', 'Any system with Node.js'];

/** 2.0.1 has every archive; 2.0.0 only the script bundle, without notes, size or SHA-256. */
function releasesApi(extra: Parameters<typeof mockDownloadApi>[0] = {}) {
  return mockDownloadApi({
    'GET /api/releases': () => jsonResponse({ releases: ['2.0.1', '2.0.0'] }),
    'GET /api/releases/2.0.1': () => jsonResponse(releaseNotes({ notes: NOTES_201 })),
    'GET /api/releases/2.0.0': () =>
      jsonResponse(
        releaseNotes({
          version: '2.0.0',
          notes: '  ',
          size_bytes: null,
          sha256: null,
          downloads: releaseDownloads('2.0.0', ['node']).map((download) => ({ ...download, sha256: null })),
        }),
      ),
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

function systemGroup() {
  return within(screen.getByRole('radiogroup', { name: 'System' }));
}

/** The system shown as chosen, once the version's archives are known (its facts show a size). */
async function chosenSystem(): Promise<string> {
  await within(await screen.findByRole('table', { name: 'About this download' })).findByText('Size');
  const checked = systemGroup()
    .getAllByRole('radio')
    .filter((radio) => radio.getAttribute('aria-checked') === 'true');
  expect(checked).toHaveLength(1);
  return checked[0]?.getAttribute('data-platform') ?? '';
}

function factsRows(): string[] {
  const facts = screen.getByRole('table', { name: 'About this download' });
  return within(facts)
    .getAllByRole('row')
    .map((row) => row.textContent ?? '');
}

function installSteps() {
  return within(screen.getByRole('region', { name: 'Installation' }));
}

function requirementItems(): string[] {
  return within(screen.getByRole('region', { name: 'Requirements' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent ?? '');
}

async function showDownloadPage(userAgent: string = USER_AGENTS.windows, platformHint?: string) {
  stubBrowserSystem(userAgent, platformHint);
  const fetchMock = releasesApi();
  renderApp('/admin/download');
  const user = userEvent.setup({ delay: null });
  await chosenSystem();
  return { fetchMock, user };
}

afterEach(() => restoreBrowserSystem());

describe('DownloadPage', () => {
  it('offers the versions newest first with the latest marked, and shows its notes formatted', async () => {
    stubBrowserSystem(USER_AGENTS.windows);
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

    expect(await chosenSystem()).toBe('windows-x64');
    expect(factsRows()).toEqual([
      'FileMessage Station-2.0.1-windows-x64.zip',
      'ReleasedNovember 20, 2026',
      'Size38.2 MB',
      `SHA-256${'b'.repeat(64)}`,
    ]);
  });

  it.each([
    ['Windows', USER_AGENTS.windows, undefined, 'windows-x64'],
    ['a Mac', USER_AGENTS.mac, undefined, 'macos-x64'],
    ['Linux', USER_AGENTS.linux, undefined, 'linux-x64'],
    ['an iPhone', USER_AGENTS.iphone, undefined, 'windows-x64'],
    ['an Android phone', USER_AGENTS.android, undefined, 'windows-x64'],
    ['a Mac that says so in userAgentData', USER_AGENTS.windows, 'macOS', 'macos-x64'],
    ['an unknown system', 'Mozilla/5.0 (PlayStation 5)', undefined, 'windows-x64'],
  ])('preselects the system of a browser on %s', async (_name, userAgent, platformHint, platform) => {
    await showDownloadPage(userAgent, platformHint);
    expect(await chosenSystem()).toBe(platform);
    expect(
      systemGroup()
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('data-platform')),
    ).toEqual(['windows-x64', 'macos-x64', 'linux-x64', 'node']);
  });

  it('names each system in an accessible radio group, and the facts follow the choice', async () => {
    const { user } = await showDownloadPage(USER_AGENTS.windows);
    const group = systemGroup();
    for (const name of SYSTEMS) expect(group.getByRole('radio', { name })).toBeVisible();
    expect(group.getByRole('radio', { name: 'Windows' })).toHaveAttribute('aria-checked', 'true');
    expect(group.getByRole('radio', { name: 'macOS' })).toHaveAccessibleDescription(
      'Intel, or Apple Silicon through Rosetta 2',
    );

    await user.click(group.getByRole('radio', { name: 'Linux' }));
    expect(group.getByRole('radio', { name: 'Linux' })).toHaveAttribute('aria-checked', 'true');
    expect(group.getByRole('radio', { name: 'Windows' })).toHaveAttribute('aria-checked', 'false');
    expect(factsRows()).toEqual([
      'FileMessage Station-2.0.1-linux-x64.zip',
      'ReleasedNovember 20, 2026',
      'Size43.9 MB',
      `SHA-256${'d'.repeat(64)}`,
    ]);

    await user.click(group.getByRole('radio', { name: 'Any system with Node.js' }));
    expect(factsRows()).toEqual([
      'FileMessage Station-2.0.1.zip',
      'ReleasedNovember 20, 2026',
      'Size2.5 MB',
      `SHA-256${'a'.repeat(64)}`,
    ]);
  });

  it('offers only the archives the chosen version has', async () => {
    const { user } = await showDownloadPage(USER_AGENTS.mac);
    expect(await chosenSystem()).toBe('macos-x64');
    await chooseVersion(user, '2.0.0');
    await waitFor(() => expect(systemGroup().getAllByRole('radio')).toHaveLength(1));
    const only = systemGroup().getByRole('radio', { name: 'Any system with Node.js' });
    expect(only).toHaveAttribute('aria-checked', 'true');
    // That archive has no SHA-256 in its release.
    expect(factsRows()).toEqual(['FileMessage Station-2.0.0.zip', 'ReleasedNovember 20, 2026', 'Size2.5 MB']);
    expect(screen.getByRole('button', { name: 'Download Message Station 2.0.0' })).toBeVisible();
    expect(await (await notesSection('2.0.0')).findByText('No release notes available.')).toBeVisible();

    // Back on 2.0.1 the browser's system is offered and chosen again.
    await chooseVersion(user, '2.0.1 (Latest)');
    await waitFor(() => expect(systemGroup().getAllByRole('radio')).toHaveLength(4));
    expect(systemGroup().getByRole('radio', { name: 'macOS' })).toHaveAttribute('aria-checked', 'true');
  });

  it('says Failed to load release notes. when they cannot load', async () => {
    releasesApi({ 'GET /api/releases/2.0.1': () => jsonResponse({ error: 'Release not found' }, 404) });
    renderApp('/admin/download');
    expect(await (await notesSection('2.0.1')).findByText('Failed to load release notes.')).toBeVisible();
  });

  it.each([
    ['Windows', 'windows-x64', 'Message Station-2.0.1-windows-x64.zip'],
    ['macOS', 'macos-x64', 'Message Station-2.0.1-macos-x64.zip'],
    ['Linux', 'linux-x64', 'Message Station-2.0.1-linux-x64.zip'],
    ['Any system with Node.js', 'node', 'Message Station-2.0.1.zip'],
  ])('downloads the %s archive with ?platform=%s, saved as %s', async (system, platform, fileName) => {
    const save = vi.spyOn(fileSaver, 'save').mockImplementation(() => {});
    const { fetchMock, user } = await showDownloadPage(USER_AGENTS.windows);
    mockDownloadApi({ 'GET /admin/api/download/app/2.0.1': () => zipResponse(fileName) });
    await user.click(systemGroup().getByRole('radio', { name: system }));
    await user.click(screen.getByRole('button', { name: 'Download Message Station 2.0.1' }));
    await waitFor(() => expect(save).toHaveBeenCalledTimes(1));
    const [blob, savedAs] = save.mock.calls[0] ?? [];
    expect(savedAs).toBe(fileName);
    expect(await (blob as Blob).text()).toBe('PK');
    expect(callsTo(fetchMock, 'GET', '/admin/api/download/app/2.0.1').map((sent) => sent.path)).toEqual([
      `/admin/api/download/app/2.0.1?platform=${platform}`,
    ]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says Download failed. Please contact support. when the zip cannot be had', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const save = vi.spyOn(fileSaver, 'save').mockImplementation(() => {});
    const { user } = await showDownloadPage();
    mockDownloadApi({
      'GET /admin/api/download/app/2.0.0': () => jsonResponse({ error: 'Release not found' }, 404),
    });
    await chooseVersion(user, '2.0.0');
    await user.click(screen.getByRole('button', { name: 'Download Message Station 2.0.0' }));
    const alert = within(await screen.findByRole('alert'));
    expect(alert.getByText('Download failed. Please contact support.')).toBeVisible();
    expect(alert.getByRole('link', { name: 'Contact Support' })).toHaveAttribute('href', '/admin/contact');
    expect(save).not.toHaveBeenCalled();
  });

  it('explains Windows: unzip, More info then Run anyway, keep the console open, Start at login', async () => {
    await showDownloadPage(USER_AGENTS.windows);
    const install = installSteps();
    expect(install.getByText('Message Station-2.0.1-windows-x64.zip')).toBeVisible();
    expect(install.getByText('Message Station.exe')).toBeVisible();
    expect(install.getByText('Windows protected your PC')).toBeVisible();
    expect(install.getByText('More info')).toBeVisible();
    expect(install.getByText('Run anyway')).toBeVisible();
    expect(install.getByText(/closing it disconnects this computer/)).toBeVisible();
    expect(install.getByText('Start at login')).toBeVisible();
    expect(install.getByRole('link', { name: 'http://127.0.0.1:47800' })).toBeVisible();
    expect(install.queryByRole('link', { name: 'nodejs.org' })).not.toBeInTheDocument();
    expect(install.queryByRole('tab')).not.toBeInTheDocument();
    expect(requirementItems()).toEqual([
      'Windows 10 or later on a 64-bit (x64) PC',
      'No Node.js needed',
      'Your Station ID and an API key',
    ]);
  });

  it('explains macOS: Rosetta 2 on Apple Silicon, the quarantine flag, Terminal opening the app', async () => {
    await showDownloadPage(USER_AGENTS.mac);
    const install = installSteps();
    expect(install.getByText('Message Station-2.0.1-macos-x64.zip')).toBeVisible();
    expect(install.getByText('On a Mac with Apple Silicon: install Rosetta 2')).toBeVisible();
    expect(install.getByText('softwareupdate --install-rosetta --agree-to-license')).toBeVisible();
    expect(install.getByText('Remove the quarantine flag')).toBeVisible();
    expect(
      install.getByText('xattr -dr com.apple.quarantine ~/Downloads/"Message Station-2.0.1"'),
    ).toBeVisible();
    expect(install.getByText('Open Anyway')).toBeVisible();
    expect(install.getByText(/Terminal opens and runs the app/)).toHaveTextContent('Message Station');
    expect(install.queryByText('Message Station.exe')).not.toBeInTheDocument();
    expect(requirementItems()).toEqual([
      'macOS 13.0 or later on a Mac with Apple Silicon (through Rosetta 2) or Intel',
      'No Node.js needed',
      'Your Station ID and an API key',
    ]);
    expect(
      within(screen.getByRole('region', { name: 'First-Time Setup' })).getByText('Always Allow'),
    ).toBeVisible();
  });

  it('explains Linux: espeak-ng, unzip and ./message-station in a terminal', async () => {
    await showDownloadPage(USER_AGENTS.linux);
    const install = installSteps();
    expect(install.getByText('sudo apt install espeak-ng lame')).toBeVisible();
    expect(install.getByText('unzip "Message Station-2.0.1-linux-x64.zip"')).toBeVisible();
    expect(install.getByText(/\.\/message-station/)).toHaveTextContent(
      'cd "Message Station-2.0.1" ./message-station',
    );
    expect(
      install.queryByText('softwareupdate --install-rosetta --agree-to-license'),
    ).not.toBeInTheDocument();
    expect(requirementItems()).toEqual([
      'Linux on a 64-bit (x64) PC, with espeak-ng',
      'No Node.js needed',
      'Your Station ID and an API key',
    ]);
  });

  it('explains any system with Node.js: install Node.js, unzip, a start file for each system', async () => {
    const { user } = await showDownloadPage(USER_AGENTS.windows);
    await user.click(systemGroup().getByRole('radio', { name: 'Any system with Node.js' }));
    const install = installSteps();
    expect(install.getByText('Install Node.js')).toBeVisible();
    expect(install.getByRole('link', { name: 'nodejs.org' })).toHaveAttribute('href', 'https://nodejs.org/');
    expect(install.getByText('Message Station-2.0.1.zip')).toBeVisible();
    await user.click(install.getByRole('tab', { name: 'macOS' }));
    expect(install.getByText('Start Message Station.command')).toBeVisible();
    await user.click(install.getByRole('tab', { name: 'Windows' }));
    expect(install.getByText('Start Message Station.cmd')).toBeVisible();
    await user.click(install.getByRole('tab', { name: 'Linux' }));
    expect(install.getByText('./start-message-station.sh')).toBeVisible();
    expect(requirementItems()).toEqual([
      'Any system that runs Node.js 20 (macOS, Windows or Linux); on Linux, espeak-ng',
      'Node.js 20 or later',
      'Your Station ID and an API key',
    ]);

    const setup = within(screen.getByRole('region', { name: 'First-Time Setup' }));
    expect(setup.getByText('demoradio')).toBeVisible();
    expect(setup.getByText(window.location.origin)).toBeVisible();
    expect(setup.getByRole('link', { name: 'Users page' })).toHaveAttribute('href', '/admin/users');
  });

  it('says when no release is available yet', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockDownloadApi({ 'GET /api/releases': () => jsonResponse({ error: 'Boom' }, 500) });
    renderApp('/admin/download');
    expect(await screen.findByText('No release of the desktop app is available yet.')).toBeVisible();
    expect(screen.queryByRole('button', { name: /Download Message Station/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
  });

  it('speaks Spanish', async () => {
    await i18n.changeLanguage('es');
    stubBrowserSystem(USER_AGENTS.mac);
    releasesApi();
    renderApp('/admin/download');
    const select = (await screen.findByRole('combobox', { name: 'Versión' })) as HTMLInputElement;
    expect(select).toHaveValue('2.0.1 (la más reciente)');
    expect(await screen.findByRole('region', { name: 'Notas de la versión 2.0.1' })).toBeVisible();
    const group = within(screen.getByRole('radiogroup', { name: 'Sistema' }));
    expect(group.getByRole('radio', { name: 'Cualquier sistema con Node.js' })).toBeVisible();
    await waitFor(() =>
      expect(group.getByRole('radio', { name: 'macOS' })).toHaveAttribute('aria-checked', 'true'),
    );
    expect(group.getByRole('radio', { name: 'macOS' })).toHaveAccessibleDescription(
      'Intel, o Apple Silicon con Rosetta 2',
    );
    const install = within(screen.getByRole('region', { name: 'Instalación' }));
    expect(install.getByText('En una Mac con Apple Silicon: instale Rosetta 2')).toBeVisible();
    expect(install.getByText('Quite la marca de cuarentena')).toBeVisible();
    expect(install.getByText(/Se abre Terminal y ejecuta la aplicación/)).toBeVisible();
    expect(
      within(screen.getByRole('region', { name: 'Requisitos' }))
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'macOS 13.0 o posterior en una Mac con Apple Silicon (con Rosetta 2) o Intel',
      'No necesita Node.js',
      'El ID de su estación y una clave API',
    ]);

    await userEvent.setup({ delay: null }).click(group.getByRole('radio', { name: 'Windows' }));
    expect(install.getByText('Windows protegió su PC')).toBeVisible();
    expect(install.getByText(/Manténgala abierta/)).toBeVisible();
  });
});
