// A desktop agent for API tests: opens /agent/v1/ws like apps/agent does, records every frame
// and answers commands as the test tells it to.
import {
  AGENT_VERSION,
  type TAgentInfo,
  type TAgentToServer,
  type TServerToAgent,
} from '@message-station/shared';
import WebSocket from 'ws';

export type TCommandFrame = Extract<TServerToAgent, { type: 'play' | 'stop' | 'export' }>;
type TAnswer = (
  command: TCommandFrame,
) => Omit<Extract<TAgentToServer, { type: 'result' }>, 'type' | 'request_id'> | null;

export function agentInfo(overrides: Partial<TAgentInfo> = {}): TAgentInfo {
  return {
    client_id: 'studio-pc-0001',
    client_name: 'Studio PC',
    platform: 'Linux 6.1 (x64)',
    audio_output_device: null,
    voices: { en: 'en-us', es: 'es-419' },
    client_version: AGENT_VERSION,
    ...overrides,
  };
}

export class FakeAgent {
  readonly frames: TServerToAgent[] = [];
  closed: { code: number; reason: string } | null = null;
  /** How commands are answered; null means no answer at all. */
  answer: TAnswer = () => ({ ok: true });
  private waiters: { test: (frame: TServerToAgent) => boolean; resolve: (frame: TServerToAgent) => void }[] =
    [];
  private closeWaiters: ((closed: { code: number; reason: string }) => void)[] = [];

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (data) => {
      const frame = JSON.parse(String(data)) as TServerToAgent;
      this.frames.push(frame);
      for (const waiter of [...this.waiters]) {
        if (waiter.test(frame)) {
          this.waiters.splice(this.waiters.indexOf(waiter), 1);
          waiter.resolve(frame);
        }
      }
      if (frame.type === 'play' || frame.type === 'stop' || frame.type === 'export') {
        const result = this.answer(frame);
        if (result) this.send({ type: 'result', request_id: frame.request_id, ...result });
      }
    });
    socket.on('close', (code, reason) => {
      this.closed = { code, reason: String(reason) };
      for (const resolve of this.closeWaiters.splice(0)) resolve(this.closed);
    });
  }

  /** Connects and says hello; resolves once the server has welcomed it. */
  static async connect(baseUrl: string, station: string, apiKey: string, info: TAgentInfo = agentInfo()) {
    const agent = await FakeAgent.open(baseUrl, station, apiKey);
    const welcome = agent.next('welcome');
    agent.send({ type: 'hello', info });
    await welcome;
    return agent;
  }

  /** Opens the socket only; rejects with the HTTP status when the upgrade is refused. */
  static open(baseUrl: string, station: string, apiKey: string): Promise<FakeAgent> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/agent/v1/ws`, {
        headers: { 'x-station-id': station, authorization: `Bearer ${apiKey}` },
      });
      socket.once('open', () => resolve(new FakeAgent(socket)));
      socket.once('unexpected-response', (_request, response) => {
        let body = '';
        response.on('data', (chunk) => {
          body += chunk;
        });
        response.on('end', () =>
          reject(Object.assign(new Error(body), { status: response.statusCode, body })),
        );
      });
      socket.once('error', reject);
    });
  }

  send(frame: TAgentToServer) {
    this.socket.send(JSON.stringify(frame));
  }

  next<T extends TServerToAgent['type']>(type: T): Promise<Extract<TServerToAgent, { type: T }>> {
    return new Promise((resolve) => {
      this.waiters.push({
        test: (frame) => frame.type === type,
        resolve: resolve as (frame: TServerToAgent) => void,
      });
    });
  }

  whenClosed(): Promise<{ code: number; reason: string }> {
    if (this.closed) return Promise.resolve(this.closed);
    return new Promise((resolve) => this.closeWaiters.push(resolve));
  }

  async close() {
    if (this.closed) return;
    const closed = this.whenClosed();
    this.socket.close(1000);
    await closed;
  }
}
