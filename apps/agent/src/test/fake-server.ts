// A loopback stand-in for the Message Station server's agent endpoint (/agent/v1/ws): checks
// nothing itself but records the handshake headers and every frame, answers hello with welcome
// and heartbeats with heartbeat_ack, and lets a test send commands, drop sockets or refuse
// the agent with a close code.
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  AGENT_WS_PATH,
  type TAgentMessage,
  type TAgentToServer,
  type TServerToAgent,
  ZAgentToServer,
} from '@message-station/shared';
import { type WebSocket, WebSocketServer } from 'ws';

export type TFakeSocket = { headers: IncomingHttpHeaders; socket: WebSocket; frames: TAgentToServer[] };
type TReceived = { connection: number; frame: TAgentToServer };
type TWaiter = { match: (received: TReceived) => boolean; resolve: (received: TReceived) => void };

export const FAKE_WELCOME = {
  station: { id: 'b0f6ad3e-4a51-4c1f-9a55-3d2f7b1f2c11', slug: 'riverside', display_name: 'Riverside Radio' },
  user: { full_name: 'Jane Doe', email: 'jane@riverside.example' },
};

export async function startFakeServer(options: { heartbeatSeconds?: number } = {}) {
  const connections: TFakeSocket[] = [];
  const received: TReceived[] = [];
  const waiters: TWaiter[] = [];
  /** Frames that do not follow the protocol (a test expects none). */
  const invalid: string[] = [];
  /** While set, new sockets are refused with this close code after an error frame. */
  let refusal: { code: number; error: string } | null = null;
  let requestCounter = 0;

  const server = http.createServer((_request, response) => {
    response.writeHead(404).end();
  });
  const wss = new WebSocketServer({ server, path: AGENT_WS_PATH });
  wss.on('connection', (socket, request) => {
    const connection: TFakeSocket = { headers: request.headers, socket, frames: [] };
    const index = connections.push(connection) - 1;
    if (refusal) {
      const { code, error } = refusal;
      socket.send(JSON.stringify({ type: 'error', error } satisfies TServerToAgent));
      socket.close(code, 'refused');
      return;
    }
    socket.on('message', (data) => {
      let parsed: ReturnType<typeof ZAgentToServer.safeParse>;
      try {
        parsed = ZAgentToServer.safeParse(JSON.parse(data.toString()));
      } catch {
        invalid.push(data.toString());
        return;
      }
      if (!parsed.success) {
        invalid.push(data.toString());
        return;
      }
      const frame = parsed.data;
      connection.frames.push(frame);
      const entry = { connection: index, frame };
      received.push(entry);
      for (const waiter of [...waiters]) {
        if (!waiter.match(entry)) continue;
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(entry);
      }
      if (frame.type === 'hello') {
        send(socket, { type: 'welcome', ...FAKE_WELCOME, heartbeat_seconds: options.heartbeatSeconds ?? 15 });
      } else if (frame.type === 'heartbeat') {
        send(socket, { type: 'heartbeat_ack' });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  function send(socket: WebSocket, frame: TServerToAgent | Record<string, unknown>) {
    socket.send(JSON.stringify(frame));
  }

  function latest(): TFakeSocket {
    const connection = connections.at(-1);
    if (!connection) throw new Error('No agent is connected to the fake server');
    return connection;
  }

  /** The first frame (already received or still to come) that matches; fails after 20 s. */
  function waitFor<T extends TAgentToServer>(
    match: (frame: TAgentToServer, connection: number) => frame is T,
    what: string,
  ): Promise<T> {
    const test = (entry: TReceived) => match(entry.frame, entry.connection);
    const found = received.find(test);
    if (found) return Promise.resolve(found.frame as T);
    return new Promise<T>((resolve, reject) => {
      const guard = setTimeout(() => reject(new Error(`The agent never sent ${what}`)), 20_000);
      waiters.push({
        match: test,
        resolve: (entry) => {
          clearTimeout(guard);
          resolve(entry.frame as T);
        },
      });
    });
  }

  return {
    url: `http://127.0.0.1:${port}`,
    connections,
    received,
    invalid,
    waitFor,
    hello: (connection = 0) =>
      waitFor(
        (frame, index): frame is Extract<TAgentToServer, { type: 'hello' }> =>
          frame.type === 'hello' && index === connection,
        `hello on connection ${connection}`,
      ),
    playback: (messageId: string, status: 'playing' | 'stopped') =>
      waitFor(
        (frame): frame is Extract<TAgentToServer, { type: 'playback' }> =>
          frame.type === 'playback' && frame.message_id === messageId && frame.status === status,
        `playback ${status} for ${messageId}`,
      ),
    result: (requestId: string) =>
      waitFor(
        (frame): frame is Extract<TAgentToServer, { type: 'result' }> =>
          frame.type === 'result' && frame.request_id === requestId,
        `the result of ${requestId}`,
      ),
    /** Sends a command to the newest socket; answers its request_id. */
    command(
      command: { type: 'play' | 'export'; message: TAgentMessage } | { type: 'stop'; message_id: string },
    ) {
      requestCounter += 1;
      const requestId = `req-${requestCounter}`;
      send(latest().socket, { ...command, request_id: requestId });
      return requestId;
    },
    sendRaw(frame: Record<string, unknown>) {
      send(latest().socket, frame);
    },
    /** Cuts every socket as a crashed server or a lost network would. */
    dropAll() {
      for (const connection of connections) connection.socket.terminate();
    },
    refuse(code: number, error: string) {
      refusal = { code, error };
    },
    accept() {
      refusal = null;
    },
    /** Closes the newest socket the way the server does when it turns an agent away. */
    closeWith(code: number, error: string) {
      const { socket } = latest();
      send(socket, { type: 'error', error });
      socket.close(code, 'closed by test');
    },
    async close() {
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type TFakeServer = Awaited<ReturnType<typeof startFakeServer>>;

/** A message as the server sends it with play and export. */
export function fakeMessage(overrides: Partial<TAgentMessage> = {}): TAgentMessage {
  return {
    id: 'msg-1',
    title: 'Road closure',
    message_type: 'emergency',
    station_name: 'Riverside Radio',
    created_at: '2026-11-22T07:47:00.000Z',
    parts: [
      {
        language: 'en',
        text: 'Main Street is closed between First and Third Avenue until six this evening.',
      },
      {
        language: 'es',
        text: 'La calle Main está cerrada entre la Primera y la Tercera Avenida hasta las seis de la tarde.',
      },
    ],
    ...overrides,
  };
}

export const TEST_API_KEY = `ms-${'0123456789abcdef'.repeat(4)}`;
