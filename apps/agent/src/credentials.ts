// Where the API key is kept: the operating system's credential store when there is one that
// works (macOS Keychain, the Secret Service through libsecret's secret-tool, Windows DPAPI), else
// credentials.json readable only by the user. The key is never logged or put in an error text.
import fs from 'node:fs/promises';
import path from 'node:path';
import { firstLine, POWERSHELL, powershellArgs, type TSystem } from './system.js';

export const CREDENTIAL_SERVICE = 'Message Station';

export type TCredentialStore = {
  /** Shown on the status page: where the key is kept. */
  readonly name: string;
  save(stationId: string, apiKey: string): Promise<void>;
  /** The key kept for this station, or null when there is none. */
  load(stationId: string): Promise<string | null>;
  remove(stationId: string): Promise<void>;
};

const SECRET_TIMEOUT_MS = 60_000;

/** macOS: a generic password in the login keychain, service 'Message Station', account = Station ID. */
export function keychainStore(system: TSystem): TCredentialStore {
  return {
    name: 'macOS Keychain',
    async save(stationId, apiKey) {
      const result = await system.run(
        'security',
        ['add-generic-password', '-U', '-s', CREDENTIAL_SERVICE, '-a', stationId, '-w', apiKey],
        { timeoutMs: SECRET_TIMEOUT_MS },
      );
      if (result.code !== 0)
        throw new Error(`The keychain did not save the key: ${firstLine(result.stderr)}`);
    },
    async load(stationId) {
      const result = await system.run(
        'security',
        ['find-generic-password', '-s', CREDENTIAL_SERVICE, '-a', stationId, '-w'],
        { timeoutMs: SECRET_TIMEOUT_MS },
      );
      if (result.code === 0) return result.stdout.trim() || null;
      if (result.code === 44) return null; // errSecItemNotFound
      throw new Error(`The keychain did not give the key: ${firstLine(result.stderr)}`);
    },
    async remove(stationId) {
      await system.run('security', ['delete-generic-password', '-s', CREDENTIAL_SERVICE, '-a', stationId], {
        timeoutMs: SECRET_TIMEOUT_MS,
      });
    },
  };
}

/** Linux: the Secret Service (GNOME Keyring, KWallet) through secret-tool; the key goes in on stdin. */
export function libsecretStore(system: TSystem): TCredentialStore {
  const attributes = (stationId: string) => ['service', CREDENTIAL_SERVICE, 'account', stationId];
  return {
    name: 'Secret Service (libsecret)',
    async save(stationId, apiKey) {
      const result = await system.run(
        'secret-tool',
        ['store', '--label', `${CREDENTIAL_SERVICE} (${stationId})`, ...attributes(stationId)],
        { input: apiKey, timeoutMs: SECRET_TIMEOUT_MS },
      );
      if (result.code !== 0) {
        throw new Error(`The Secret Service did not save the key: ${firstLine(result.stderr)}`);
      }
    },
    async load(stationId) {
      const result = await system.run('secret-tool', ['lookup', ...attributes(stationId)], {
        timeoutMs: SECRET_TIMEOUT_MS,
      });
      if (result.code === 0) return result.stdout.trim() || null;
      // secret-tool answers 1 both for "not found" and for "no Secret Service"; either way, none here.
      if (result.code === 1 && !result.stderr.trim()) return null;
      throw new Error(`The Secret Service did not give the key: ${firstLine(result.stderr)}`);
    },
    async remove(stationId) {
      await system.run('secret-tool', ['clear', ...attributes(stationId)], { timeoutMs: SECRET_TIMEOUT_MS });
    },
  };
}

const DPAPI_PROTECT = `$key = [Console]::In.ReadToEnd().Trim()
ConvertTo-SecureString -String $key -AsPlainText -Force | ConvertFrom-SecureString`;

const DPAPI_UNPROTECT = `$blob = [Console]::In.ReadToEnd().Trim()
$secure = ConvertTo-SecureString -String $blob
$bstr = [Runtime.InteropServices.Marshal]::SecureStringToBSTR($secure)
try { [Runtime.InteropServices.Marshal]::PtrToStringBSTR($bstr) } finally { [Runtime.InteropServices.Marshal]::ZeroFreeBSTR($bstr) }`;

/**
 * Windows: the key encrypted with DPAPI for the signed-in Windows user (ConvertFrom-SecureString
 * without -Key) and written to credentials.dpapi.json; only that user on that computer can read it.
 * Key and ciphertext travel through PowerShell's stdin, never its command line.
 */
export function dpapiStore(system: TSystem, dir: string): TCredentialStore {
  const file = path.join(dir, 'credentials.dpapi.json');
  return {
    name: 'Windows DPAPI',
    async save(stationId, apiKey) {
      const result = await system.run(POWERSHELL, powershellArgs(DPAPI_PROTECT), {
        input: apiKey,
        timeoutMs: SECRET_TIMEOUT_MS,
      });
      const blob = result.stdout.trim();
      if (result.code !== 0 || !/^[0-9a-f]+$/i.test(blob)) {
        throw new Error(`Windows did not encrypt the key: ${firstLine(result.stderr)}`);
      }
      await writePrivateFile(file, { station_id: stationId, protected: blob });
    },
    async load(stationId) {
      const saved = await readJson(file);
      if (!saved || saved.station_id !== stationId || typeof saved.protected !== 'string') return null;
      const result = await system.run(POWERSHELL, powershellArgs(DPAPI_UNPROTECT), {
        input: saved.protected,
        timeoutMs: SECRET_TIMEOUT_MS,
      });
      if (result.code !== 0) throw new Error(`Windows did not decrypt the key: ${firstLine(result.stderr)}`);
      return result.stdout.trim() || null;
    },
    async remove() {
      await fs.rm(file, { force: true });
    },
  };
}

/** The fallback: credentials.json in the settings folder, mode 0600 on macOS and Linux. */
export function fileStore(system: Pick<TSystem, 'platform'>, dir: string): TCredentialStore {
  const file = path.join(dir, 'credentials.json');
  return {
    name: 'credentials.json (readable only by you)',
    async save(stationId, apiKey) {
      await writePrivateFile(file, { station_id: stationId, api_key: apiKey });
      if (system.platform === 'win32') return;
      const mode = (await fs.stat(file)).mode & 0o777;
      if (mode !== 0o600) throw new Error(`${file} has mode ${mode.toString(8)} instead of 600`);
    },
    async load(stationId) {
      const saved = await readJson(file);
      if (!saved || saved.station_id !== stationId || typeof saved.api_key !== 'string') return null;
      // Someone widened the file's permissions: narrow them again before trusting it.
      if (system.platform !== 'win32' && ((await fs.stat(file)).mode & 0o077) !== 0)
        await fs.chmod(file, 0o600);
      return saved.api_key;
    },
    async remove() {
      await fs.rm(file, { force: true });
    },
  };
}

async function writePrivateFile(file: string, value: unknown) {
  await fs.mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.tmp`;
  await fs.writeFile(temporary, `${JSON.stringify(value, null, 2)}\n`, { mode: 0o600 });
  await fs.chmod(temporary, 0o600);
  await fs.rename(temporary, file);
}

async function readJson(file: string): Promise<Record<string, unknown> | null> {
  try {
    const value: unknown = JSON.parse(await fs.readFile(file, 'utf8'));
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

export type TCredentialVault = {
  /** Saves in the first store that works; answers that store's name. */
  save(stationId: string, apiKey: string): Promise<string>;
  load(stationId: string): Promise<{ apiKey: string; store: string } | null>;
  remove(stationId: string): Promise<void>;
  /** Problems met on the way (e.g. a keychain that refused), for the status page. */
  warnings: string[];
};

/** The stores to try on this platform, best first; the private file always comes last. */
export async function credentialStores(system: TSystem, dir: string): Promise<TCredentialStore[]> {
  const stores: TCredentialStore[] = [];
  if (system.platform === 'darwin') stores.push(keychainStore(system));
  else if (system.platform === 'win32') stores.push(dpapiStore(system, dir));
  else if (await system.which('secret-tool')) stores.push(libsecretStore(system));
  stores.push(fileStore(system, dir));
  return stores;
}

export function createCredentialVault(stores: TCredentialStore[]): TCredentialVault {
  const warnings: string[] = [];
  const note = (text: string) => {
    warnings.push(text);
    if (warnings.length > 5) warnings.shift();
  };
  return {
    warnings,
    async save(stationId, apiKey) {
      for (const [index, store] of stores.entries()) {
        try {
          await store.save(stationId, apiKey);
        } catch (error) {
          note(`${store.name}: ${(error as Error).message}`);
          continue;
        }
        // Keep one copy: a key saved in the OS store must not linger in a file further down.
        for (const other of stores.slice(index + 1)) await other.remove(stationId).catch(() => {});
        return store.name;
      }
      throw new Error('The API key could not be saved anywhere on this computer.');
    },
    async load(stationId) {
      for (const store of stores) {
        try {
          const apiKey = await store.load(stationId);
          if (apiKey) return { apiKey, store: store.name };
        } catch (error) {
          note(`${store.name}: ${(error as Error).message}`);
        }
      }
      return null;
    },
    async remove(stationId) {
      for (const store of stores) await store.remove(stationId).catch(() => {});
    },
  };
}
