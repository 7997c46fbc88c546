// Where the API key is kept: the exact commands for the macOS Keychain, libsecret and Windows
// DPAPI (through a recording runner, so this runs on any machine), and the private file.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createCredentialVault,
  credentialStores,
  dpapiStore,
  fileStore,
  keychainStore,
  libsecretStore,
} from './credentials.js';
import { decodePowershellScript, type TRunOptions, type TRunResult, type TSystem } from './system.js';
import { TEST_API_KEY } from './test/fake-server.js';

type TCall = { command: string; args: string[]; input?: string };

/** A system whose commands answer from `answer` and are all recorded. */
function recordingSystem(
  platform: NodeJS.Platform,
  answer: (call: TCall) => Partial<TRunResult>,
  onPath: string[] = [],
): TSystem & { calls: TCall[] } {
  const calls: TCall[] = [];
  return {
    calls,
    platform,
    arch: 'arm64',
    release: '23.5.0',
    hostname: 'test-host',
    homedir: '/home/test',
    env: {},
    which: async (command) => (onPath.includes(command) ? `/usr/bin/${command}` : null),
    run: async (command: string, args: string[], options: TRunOptions = {}) => {
      const call = { command, args, input: options.input };
      calls.push(call);
      return { code: 0, stdout: '', stderr: '', ...answer(call) };
    },
  };
}

let dir: string;
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'message-station-credentials-'));
});
afterEach(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

describe('macOS Keychain', () => {
  it('adds, finds and deletes a generic password for the station', async () => {
    const system = recordingSystem('darwin', (call) =>
      call.args[0] === 'find-generic-password' ? { stdout: `${TEST_API_KEY}\n` } : {},
    );
    const store = keychainStore(system);
    await store.save('riverside', TEST_API_KEY);
    expect(await store.load('riverside')).toBe(TEST_API_KEY);
    await store.remove('riverside');
    expect(system.calls.map(({ command, args }) => [command, ...args])).toEqual([
      [
        'security',
        'add-generic-password',
        '-U',
        '-s',
        'Message Station',
        '-a',
        'riverside',
        '-w',
        TEST_API_KEY,
      ],
      ['security', 'find-generic-password', '-s', 'Message Station', '-a', 'riverside', '-w'],
      ['security', 'delete-generic-password', '-s', 'Message Station', '-a', 'riverside'],
    ]);
  });

  it('answers no key when the keychain has none (exit 44)', async () => {
    const system = recordingSystem('darwin', () => ({
      code: 44,
      stderr: 'The specified item could not be found.',
    }));
    expect(await keychainStore(system).load('riverside')).toBeNull();
  });
});

describe('Windows DPAPI', () => {
  it('encrypts through PowerShell stdin, stores the ciphertext, and decrypts it back', async () => {
    const blob = '01000000d08c9ddf0115d1118c7a00c04fc297eb';
    const system = recordingSystem('win32', (call) => {
      const script = decodePowershellScript(call.args);
      if (script.includes('ConvertFrom-SecureString')) return { stdout: `${blob}\r\n` };
      if (script.includes('PtrToStringBSTR')) return { stdout: `${TEST_API_KEY}\r\n` };
      return { code: 1 };
    });
    const store = dpapiStore(system, dir);
    await store.save('riverside', TEST_API_KEY);
    const saved = JSON.parse(await fs.readFile(path.join(dir, 'credentials.dpapi.json'), 'utf8'));
    expect(saved).toEqual({ station_id: 'riverside', protected: blob });
    expect(await store.load('riverside')).toBe(TEST_API_KEY);
    expect(await store.load('another-station')).toBeNull();

    const [protect, unprotect] = system.calls;
    expect(protect?.command).toBe('powershell.exe');
    expect(protect?.args.slice(0, 5)).toEqual([
      '-NoProfile',
      '-NonInteractive',
      '-ExecutionPolicy',
      'Bypass',
      '-EncodedCommand',
    ]);
    expect(decodePowershellScript(protect?.args ?? [])).toContain(
      'ConvertTo-SecureString -String $key -AsPlainText -Force | ConvertFrom-SecureString',
    );
    expect(protect?.input).toBe(TEST_API_KEY);
    expect(unprotect?.input).toBe(blob);
    expect(decodePowershellScript(unprotect?.args ?? [])).toContain('ConvertTo-SecureString -String $blob');
    // The key never appears on a command line, encoded or not.
    for (const call of system.calls) {
      expect(call.args.join(' ')).not.toContain(TEST_API_KEY);
      expect(decodePowershellScript(call.args)).not.toContain(TEST_API_KEY);
    }
    await store.remove('riverside');
    await expect(fs.stat(path.join(dir, 'credentials.dpapi.json'))).rejects.toThrow();
  });
});

describe('Linux Secret Service', () => {
  it('stores with secret-tool, the key on stdin', async () => {
    const system = recordingSystem(
      'linux',
      (call) => (call.args[0] === 'lookup' ? { stdout: TEST_API_KEY } : {}),
      ['secret-tool'],
    );
    const vault = createCredentialVault(await credentialStores(system, dir));
    expect(await vault.save('riverside', TEST_API_KEY)).toBe('Secret Service (libsecret)');
    expect(system.calls[0]).toEqual({
      command: 'secret-tool',
      args: [
        'store',
        '--label',
        'Message Station (riverside)',
        'service',
        'Message Station',
        'account',
        'riverside',
      ],
      input: TEST_API_KEY,
    });
    expect(await vault.load('riverside')).toEqual({
      apiKey: TEST_API_KEY,
      store: 'Secret Service (libsecret)',
    });
    await expect(fs.stat(path.join(dir, 'credentials.json'))).rejects.toThrow();
  });

  it('falls back to the private file when the Secret Service does not work', async () => {
    const system = recordingSystem(
      'linux',
      () => ({ code: 1, stderr: 'Cannot autolaunch D-Bus without X11 $DISPLAY' }),
      ['secret-tool'],
    );
    const vault = createCredentialVault(await credentialStores(system, dir));
    expect(await vault.save('riverside', TEST_API_KEY)).toBe('credentials.json (readable only by you)');
    expect(vault.warnings[0]).toMatch(/Secret Service did not save the key: Cannot autolaunch D-Bus/);
    expect(vault.warnings.join(' ')).not.toContain(TEST_API_KEY);
    expect((await vault.load('riverside'))?.apiKey).toBe(TEST_API_KEY);
  });

  it('uses the file directly when secret-tool is not installed', async () => {
    const system = recordingSystem('linux', () => ({}));
    const stores = await credentialStores(system, dir);
    expect(stores.map((store) => store.name)).toEqual(['credentials.json (readable only by you)']);
    expect(libsecretStore(system).name).toBe('Secret Service (libsecret)');
  });
});

describe('credentials.json', () => {
  // Windows has no POSIX permission bits (the file sits in the user's own %APPDATA% instead),
  // so the 0600 check is meaningful only elsewhere.
  it.skipIf(process.platform === 'win32')(
    'is created readable and writable by the user only (0600)',
    async () => {
      const store = fileStore({ platform: process.platform }, dir);
      await store.save('riverside', TEST_API_KEY);
      const file = path.join(dir, 'credentials.json');
      expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
      expect(JSON.parse(await fs.readFile(file, 'utf8'))).toEqual({
        station_id: 'riverside',
        api_key: TEST_API_KEY,
      });

      await fs.chmod(file, 0o644);
      expect(await store.load('riverside')).toBe(TEST_API_KEY);
      expect((await fs.stat(file)).mode & 0o777).toBe(0o600);
      expect(await store.load('other')).toBeNull();
    },
  );

  it('sign-out removes the key everywhere', async () => {
    const system = recordingSystem('linux', () => ({}));
    const vault = createCredentialVault(await credentialStores(system, dir));
    await vault.save('riverside', TEST_API_KEY);
    await vault.remove('riverside');
    expect(await vault.load('riverside')).toBeNull();
  });
});
