// The agent's WebSocket to the server (/agent/v1/ws): signs in with the Station ID and API key,
// says hello, heartbeats, hands commands on, and reconnects with backoff after a drop. A socket
// closed as unauthorized, forbidden or replaced is not retried until new credentials come.
import {
  AGENT_CLOSE,
  type TAgentInfo,
  type TAgentToServer,
  type TServerToAgent,
  ZServerToAgent,
} from '@message-station/shared';
import WebSocket from 'ws';

export type TWelcome = Extract<TServerToAgent, { type: 'welcome' }>;
export type TCommand = Extract<TServerToAgent, { type: 'play' | 'stop' | 'export' }>;

export type TConnectionState =
  | { kind: 'connecting'; detail: string | null }
  | { kind: 'connected'; welcome: TWelcome }
  | { kind: 'rejected'; code: number; error: string }
  | { kind: 'closed' };

export type TConnectionOptions = {
  /** ws:// or wss:// address of the agent endpoint. */
  url: string;
  stationId: string;
  apiKey: string;
  hello: () => TAgentInfo;
  onCommand: (command: TCommand) => void;
  onState: (state: TConnectionState) => void;
  /** Milliseconds to wait before reconnect attempt `attempt` (0 first). */
  backoff?: (attempt: number) => number;
};

/** 1 s doubling to 30 s, each wait somewhere in its upper half so many agents do not return at once. */
export function defaultBackoff(attempt: number): number {
  const ceiling = Math.min(30_000, 1000 * 2 ** attempt);
  return ceiling / 2 + (Math.random() * ceiling) / 2;
}

const WELCOME_TIMEOUT_MS = 15_000;

const NO_RETRY: Record<number, string> = {
  [AGENT_CLOSE.unauthorized]:
    'The Station ID or API key was not accepted. Check them on the admin Users page and sign in again.',
  [AGENT_CLOSE.forbidden]:
    'This API key may not connect machines (API access is off for the user or the station).',
  [AGENT_CLOSE.replaced]:
    'This machine connected again from another Message Station window, so this one stopped. Sign in here to take over.',
  // The server refused what this app sent (a field over its limit, a frame too large): sending
  // the same again would be refused again, so the reason stays on screen instead of a retry loop.
  [AGENT_CLOSE.protocol]:
    'The server did not accept what this app sent. Update the app from the Download page of the admin area.',
  [AGENT_CLOSE.tooLarge]:
    'The server did not accept what this app sent. Update the app from the Download page of the admin area.',
};

export class AgentConnection {
  private socket: WebSocket | null = null;
  private attempt = 0;
  private retryTimer: NodeJS.Timeout | null = null;
  private heartbeatTimer: NodeJS.Timeout | null = null;
  private closed = false;
  private state: TConnectionState = { kind: 'connecting', detail: null };

  constructor(private readonly options: TConnectionOptions) {}

  get current(): TConnectionState {
    return this.state;
  }

  start(): void {
    this.closed = false;
    this.open();
  }

  /** Sends a frame when connected (after welcome); answers whether it went out. */
  send(frame: TAgentToServer): boolean {
    if (this.state.kind !== 'connected' || this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify(frame));
    return true;
  }

  close(): void {
    this.closed = true;
    this.clearTimers();
    const socket = this.socket;
    this.socket = null;
    if (socket && socket.readyState === WebSocket.OPEN) socket.close(1000, 'Agent closed');
    else socket?.terminate();
    this.setState({ kind: 'closed' });
  }

  private setState(state: TConnectionState) {
    this.state = state;
    this.options.onState(state);
  }

  private open() {
    const { url, stationId, apiKey } = this.options;
    const socket = new WebSocket(url, {
      headers: { 'X-Station-ID': stationId, Authorization: `Bearer ${apiKey}` },
      handshakeTimeout: 15_000,
      maxPayload: 4 * 1024 * 1024,
    });
    this.socket = socket;
    // What the server said before closing, or why the handshake failed: shown to the person.
    let serverError: string | null = null;
    let problem: string | null = null;
    let refusedStatus: number | null = null;
    let httpError: string | null = null;
    let lastFrameAt = Date.now();

    let welcomeGuard: NodeJS.Timeout | undefined;

    socket.on('open', () => {
      socket.send(JSON.stringify({ type: 'hello', info: this.options.hello() } satisfies TAgentToServer));
      // A server that accepts the socket but never welcomes the machine is treated as a drop.
      welcomeGuard = setTimeout(() => {
        problem = 'The server did not answer the sign-in.';
        socket.terminate();
      }, WELCOME_TIMEOUT_MS);
    });
    socket.on('message', (data, isBinary) => {
      lastFrameAt = Date.now();
      if (isBinary) return;
      const frame = parseFrame(data.toString());
      if (!frame) return; // unknown or malformed frames are ignored, as the protocol allows
      if (frame.type === 'welcome') {
        clearTimeout(welcomeGuard);
        this.attempt = 0;
        this.startHeartbeat(socket, frame.heartbeat_seconds, () => lastFrameAt);
        this.setState({ kind: 'connected', welcome: frame });
      } else if (frame.type === 'error') {
        serverError = frame.error;
      } else if (frame.type === 'play' || frame.type === 'stop' || frame.type === 'export') {
        if (this.state.kind === 'connected') this.options.onCommand(frame);
      }
    });
    socket.on('unexpected-response', (_request, response) => {
      // The server refused the upgrade with a plain HTTP answer: show its {error} text if any.
      const status = response.statusCode ?? 0;
      if (status === 401) refusedStatus = AGENT_CLOSE.unauthorized;
      if (status === 403) refusedStatus = AGENT_CLOSE.forbidden;
      problem = `The server answered ${status} instead of opening the connection.`;
      let body = '';
      let done = false;
      const finish = () => {
        if (done) return;
        done = true;
        clearTimeout(guard);
        httpError = errorText(body);
        socket.terminate();
      };
      const guard = setTimeout(finish, 5_000); // a body that never ends must not hold the retry
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        if (body.length < 4000) body += chunk;
      });
      response.on('end', finish);
      response.on('error', finish);
      response.on('close', finish);
    });
    socket.on('error', (error) => {
      problem ??= describeNetworkError(error, this.options.url);
    });
    socket.on('close', (code, reason) => {
      clearTimeout(welcomeGuard);
      if (this.socket !== socket) return; // replaced or closed on purpose
      this.socket = null;
      this.clearTimers();
      if (this.closed) return;
      const refusal = refusedStatus ?? (code in NO_RETRY ? code : null);
      if (refusal !== null) {
        const text = serverError || httpError || reason.toString() || NO_RETRY[refusal];
        this.setState({ kind: 'rejected', code: refusal, error: text ?? 'The server refused this machine.' });
        return;
      }
      const why =
        serverError ||
        httpError ||
        problem ||
        (this.state.kind === 'connected' ? 'The connection was lost.' : null);
      this.scheduleReconnect(why);
    });
  }

  private scheduleReconnect(why: string | null) {
    const delay = (this.options.backoff ?? defaultBackoff)(this.attempt);
    this.attempt += 1;
    const seconds = Math.max(1, Math.round(delay / 1000));
    this.setState({ kind: 'connecting', detail: why ? `${why} Trying again in ${seconds} s.` : null });
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (!this.closed) this.open();
    }, delay);
  }

  private startHeartbeat(socket: WebSocket, seconds: number, lastFrameAt: () => number) {
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    const interval = Math.max(0.01, seconds) * 1000;
    this.heartbeatTimer = setInterval(() => {
      // Three beats without a word from the server: the link is dead even if TCP has not noticed.
      if (Date.now() - lastFrameAt() > 3 * interval + 1000) {
        socket.terminate();
        return;
      }
      if (socket.readyState === WebSocket.OPEN) {
        socket.send(JSON.stringify({ type: 'heartbeat' } satisfies TAgentToServer));
      }
    }, interval);
  }

  private clearTimers() {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.heartbeatTimer) clearInterval(this.heartbeatTimer);
    this.retryTimer = null;
    this.heartbeatTimer = null;
  }
}

function parseFrame(text: string): TServerToAgent | null {
  try {
    const parsed = ZServerToAgent.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function errorText(body: string): string | null {
  try {
    const value = JSON.parse(body) as { error?: unknown };
    return typeof value.error === 'string' && value.error ? value.error : null;
  } catch {
    return null;
  }
}

function describeNetworkError(
  error: Error & { code?: string; errors?: { code?: string }[] },
  url: string,
): string {
  const where = url.replace(/^ws/, 'http').replace(/\/agent\/v1\/ws$/, '');
  // Trying IPv6 and IPv4 in turn ends in an AggregateError: its first error says what happened.
  const code = error.code ?? error.errors?.[0]?.code;
  if (code === 'ECONNREFUSED') return `Could not reach ${where} (connection refused).`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `Could not find the server ${where}.`;
  if (code === 'ETIMEDOUT') return `${where} did not answer in time.`;
  return `Could not connect to ${where}: ${error.message || code || 'unknown error'}.`;
}
