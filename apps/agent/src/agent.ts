// The running agent: holds the settings, the API key (in memory; stored by the vault), the
// connection, the voices and audio output, runs the server's commands and keeps the state the
// status page and the terminal show.
import {
  AGENT_VERSION,
  AGENT_WS_PATH,
  LANGUAGE_CODES,
  type TAgentInfo,
  type TAgentToServer,
} from '@message-station/shared';
import { detectPlayer, silentPlayer, type TPlayer } from './audio/player.js';
import { AgentConnection, type TCommand, type TConnectionState } from './connection.js';
import type { TCredentialVault } from './credentials.js';
import { exportMessage } from './export.js';
import { describePlatform } from './platform-name.js';
import { clipError, Playout, skippedText } from './playout.js';
import {
  agentSocketUrl,
  defaultExportDir,
  normaliseApiKey,
  normaliseServerUrl,
  normaliseStationId,
  saveSettings,
  type TSettings,
} from './settings.js';
import { chooseVoices, type TSpeechEngine, type TVoiceChoice } from './speech/engine.js';
import {
  readStartAtLogin,
  setStartAtLogin,
  type TStartAtLogin,
  type TStartCommand,
} from './start-at-login.js';
import { clock, describeState, statusLine, type TAgentAction, type TAgentStatus } from './status.js';
import type { TSystem } from './system.js';

export type TAgentDeps = {
  system: TSystem;
  settingsDir: string;
  settings: TSettings;
  vault: TCredentialVault;
  engine: TSpeechEngine;
  backoff?: (attempt: number) => number;
  /** Where one-line status changes go (the terminal). */
  print?: (line: string) => void;
  /** How often voices and the audio output are checked again; 0 turns it off. */
  refreshMs?: number;
  timeZone?: string;
  findPlayer?: TAudioPlayerFinder;
  /** What a start-at-login entry runs; default: the way this process was started. */
  startCommand?: TStartCommand;
};

export type TAudioPlayerFinder = (system: TSystem, choice: TSettings['audio_output']) => Promise<TPlayer>;

const MAX_ACTIONS = 20;

export class Agent {
  readonly playout: Playout;
  private connection: AgentConnection | null = null;
  private connectionState: TConnectionState | { kind: 'signed_out' } = { kind: 'signed_out' };
  private apiKey: string | null = null;
  private credentialStore: string | null = null;
  private player: TPlayer = silentPlayer();
  private voiceChoice: TVoiceChoice = { voices: {}, missing: {} };
  private platform = '';
  private lastSent: TAgentInfo | null = null;
  private actions: TAgentAction[] = [];
  private lastPrinted = '';
  private refreshTimer: NodeJS.Timeout | null = null;
  private listeners = new Set<() => void>();
  private started = false;
  private failedDevice: string | null = null;
  private startAtLogin: TStartAtLogin = { enabled: false, file: '' };

  private constructor(private readonly deps: TAgentDeps) {
    this.playout = new Playout({
      engine: deps.engine,
      voices: () => this.voiceChoice,
      player: () => this.player,
      onPlayerFailed: (error) => {
        this.note(`${error.message} Playing silently from now on.`);
        this.failedDevice = this.player.device;
        this.player = silentPlayer();
        this.sendUpdate();
      },
      send: (frame) => this.send(frame),
      note: (text) => this.note(text),
      onChange: () => this.changed(),
    });
  }

  /** Looks at the machine (platform, voices, audio output) and the stored key; does not connect yet. */
  static async create(deps: TAgentDeps): Promise<Agent> {
    const agent = new Agent(deps);
    agent.platform = await describePlatform(deps.system);
    agent.startAtLogin = await readStartAtLogin(deps.system);
    await agent.inspectMachine();
    const stationId = deps.settings.station_id;
    const stored = stationId ? await deps.vault.load(stationId) : null;
    if (stored) {
      agent.apiKey = stored.apiKey;
      agent.credentialStore = stored.store;
    }
    return agent;
  }

  get settings(): TSettings {
    return this.deps.settings;
  }

  get signedIn(): boolean {
    return Boolean(this.apiKey && this.settings.station_id);
  }

  /** Connects when signed in, and starts watching voices and the audio output. */
  start(): void {
    this.started = true;
    if (this.signedIn) this.connect();
    else this.changed();
    const every = this.deps.refreshMs ?? 60_000;
    if (every > 0) {
      this.refreshTimer = setInterval(() => void this.refresh().catch(() => {}), every);
      this.refreshTimer.unref();
    }
  }

  /** Calls `listener` after every change of what the status page shows. */
  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  info(): TAgentInfo {
    return {
      client_id: this.settings.client_id,
      client_name: this.clientName(),
      platform: this.platform,
      audio_output_device: this.player.device,
      voices: { ...this.voiceChoice.voices },
      // Codes only: the server's pages word them in their reader's language.
      skipped_languages: LANGUAGE_CODES.filter((code) => code in this.voiceChoice.missing),
      client_version: AGENT_VERSION,
    };
  }

  status(): TAgentStatus {
    const state = this.connectionState;
    const welcome = state.kind === 'connected' ? state.welcome : null;
    const { kind, text } = describeState(state);
    return {
      version: AGENT_VERSION,
      state: kind,
      state_text: text,
      detail: state.kind === 'connecting' ? state.detail : null,
      server_url: this.settings.server_url,
      station: { id: this.settings.station_id, display_name: welcome?.station.display_name ?? null },
      user: welcome ? { ...welcome.user } : null,
      client_id: this.settings.client_id,
      client_name: this.clientName(),
      platform: this.platform,
      audio_output_device: this.player.device,
      speech_engine: this.deps.engine.name,
      voices: { ...this.voiceChoice.voices },
      missing_voices: { ...this.voiceChoice.missing },
      export_dir: this.exportDir(),
      credential_store: this.apiKey ? this.credentialStore : null,
      playing: this.playout.playing,
      actions: [...this.actions].reverse(),
      warnings: [...this.deps.vault.warnings],
      start_at_login: { ...this.startAtLogin },
    };
  }

  /** Saves new credentials (and server address) and connects with them. Throws a readable error. */
  async signIn(input: { server_url?: string; station_id: string; api_key: string }): Promise<void> {
    const serverUrl = normaliseServerUrl(input.server_url?.trim() || this.settings.server_url);
    const stationId = normaliseStationId(input.station_id);
    const apiKey = normaliseApiKey(input.api_key);
    const previousStation = this.settings.station_id;
    const store = await this.deps.vault.save(stationId, apiKey);
    if (previousStation && previousStation !== stationId) await this.deps.vault.remove(previousStation);
    this.settings.server_url = serverUrl;
    this.settings.station_id = stationId;
    await saveSettings(this.deps.settingsDir, this.settings);
    this.apiKey = apiKey;
    this.credentialStore = store;
    this.note(`Signed in as station ${stationId} on ${serverUrl} (key kept in ${store})`);
    if (this.started) this.connect();
  }

  async signOut(): Promise<void> {
    this.disconnect();
    await this.playout.stopAll();
    if (this.settings.station_id) await this.deps.vault.remove(this.settings.station_id);
    this.apiKey = null;
    this.credentialStore = null;
    this.connectionState = { kind: 'signed_out' };
    this.note('Signed out; the API key was removed from this computer');
  }

  /** Writes or removes the entry that starts the agent at login. Throws a readable error. */
  async setStartAtLogin(enabled: boolean): Promise<void> {
    try {
      this.startAtLogin = await setStartAtLogin(this.deps.system, enabled, this.deps.startCommand);
    } catch (error) {
      this.startAtLogin = await readStartAtLogin(this.deps.system);
      this.changed();
      throw error;
    }
    this.note(
      enabled
        ? `Starts at login from now on (${this.startAtLogin.file})`
        : `No longer starts at login (removed ${this.startAtLogin.file})`,
    );
  }

  async saveSettings(): Promise<void> {
    await saveSettings(this.deps.settingsDir, this.settings);
  }

  /** Looks again at voices and the audio output; tells the server what changed. */
  async refresh(): Promise<void> {
    await this.inspectMachine();
    this.startAtLogin = await readStartAtLogin(this.deps.system);
    this.sendUpdate();
    this.changed();
  }

  async close(): Promise<void> {
    if (this.refreshTimer) clearInterval(this.refreshTimer);
    await this.playout.stopAll();
    this.disconnect();
    this.listeners.clear();
  }

  private clientName(): string {
    return (this.settings.client_name || this.deps.system.hostname || 'Message Station').slice(0, 120);
  }

  private exportDir(): string {
    return this.settings.export_dir || defaultExportDir(this.deps.system.homedir);
  }

  private async inspectMachine() {
    const installed = await this.deps.engine.listVoices().catch(() => []);
    this.voiceChoice = chooseVoices(this.deps.engine, installed, this.settings.voices);
    const find = this.deps.findPlayer ?? detectPlayer;
    const found = await find(this.deps.system, this.settings.audio_output).catch(() => silentPlayer());
    // A device that failed stays off until the system offers a different one.
    this.player = found.device === this.failedDevice ? silentPlayer() : found;
    if (JSON.stringify(this.settings.voices) !== JSON.stringify(this.voiceChoice.voices)) {
      this.settings.voices = { ...this.voiceChoice.voices };
      await saveSettings(this.deps.settingsDir, this.settings).catch(() => {});
    }
  }

  private connect() {
    this.disconnect();
    const stationId = this.settings.station_id;
    if (!this.apiKey || !stationId) return;
    const connection = new AgentConnection({
      url: agentSocketUrl(this.settings.server_url, AGENT_WS_PATH),
      stationId,
      apiKey: this.apiKey,
      backoff: this.deps.backoff,
      hello: () => {
        this.lastSent = this.info();
        return this.lastSent;
      },
      onCommand: (command) => this.run(command),
      onState: (state) => {
        if (this.connection !== connection) return;
        this.connectionState = state;
        if (state.kind === 'connected') {
          const playing = this.playout.playing;
          if (playing) this.send({ type: 'playback', message_id: playing.message_id, status: 'playing' });
        }
        if (state.kind === 'rejected') this.note(`The server refused this machine: ${state.error}`);
        this.changed();
      },
    });
    this.connection = connection;
    this.connectionState = { kind: 'connecting', detail: null };
    connection.start();
    this.changed();
  }

  private disconnect() {
    const connection = this.connection;
    this.connection = null;
    connection?.close();
  }

  private send(frame: TAgentToServer) {
    this.connection?.send(frame);
  }

  private sendUpdate() {
    const sent = this.lastSent;
    if (!sent || this.connectionState.kind !== 'connected') return;
    const now = this.info();
    const update: Extract<TAgentToServer, { type: 'update' }>['info'] = {};
    if (now.audio_output_device !== sent.audio_output_device)
      update.audio_output_device = now.audio_output_device;
    if (JSON.stringify(now.voices) !== JSON.stringify(sent.voices)) update.voices = now.voices;
    if (JSON.stringify(now.skipped_languages) !== JSON.stringify(sent.skipped_languages))
      update.skipped_languages = now.skipped_languages;
    if (now.client_name !== sent.client_name) update.client_name = now.client_name;
    if (now.platform !== sent.platform) update.platform = now.platform;
    if (Object.keys(update).length === 0) return;
    this.lastSent = now;
    this.send({ type: 'update', info: update });
  }

  private run(command: TCommand) {
    if (command.type === 'play') {
      void this.playout.play(command.request_id, command.message);
    } else if (command.type === 'stop') {
      void this.playout.stop(command.request_id).then(() => this.changed());
    } else {
      void this.runExport(command);
    }
  }

  private async runExport(command: Extract<TCommand, { type: 'export' }>) {
    const { message } = command;
    try {
      const result = await exportMessage(
        {
          system: this.deps.system,
          engine: this.deps.engine,
          voices: this.voiceChoice,
          exportDir: this.exportDir(),
          timeZone: this.deps.timeZone,
        },
        message,
      );
      const error = skippedText(result.problems);
      this.send({
        type: 'result',
        request_id: command.request_id,
        ok: true,
        export_path: result.exportPath,
        files: result.files,
        ...(error ? { error } : {}),
      });
      this.note(`Exported "${message.title}" to ${result.exportPath} (${result.files.join(', ')})`);
      if (error) this.note(error);
    } catch (error) {
      const text = clipError(`Export failed: ${(error as Error).message}`);
      this.send({ type: 'result', request_id: command.request_id, ok: false, error: text });
      this.note(`Could not export "${message.title}": ${(error as Error).message}`);
    }
  }

  private note(text: string) {
    const at = new Date();
    this.actions.push({ at: at.toISOString(), text });
    if (this.actions.length > MAX_ACTIONS) this.actions.shift();
    this.deps.print?.(`[${clock(at)}] ${text}`);
    this.changed();
  }

  private changed() {
    const line = statusLine(this.status());
    if (this.started && line !== this.lastPrinted) {
      this.lastPrinted = line;
      this.deps.print?.(`[${clock(new Date())}] ${line}`);
    }
    for (const listener of this.listeners) listener();
  }
}
