// Reads a Server-Sent Events stream of a listening test server like a browser's EventSource.
import type { TestClient } from './app.js';

export type TSseEvent = { event: string; data: unknown };

export class EventStreamReader {
  readonly events: TSseEvent[] = [];
  private waiters: { test: (event: TSseEvent) => boolean; resolve: (event: TSseEvent) => void }[] = [];
  private readonly controller = new AbortController();

  private constructor() {}

  /** `client` is an in-process TestClient or a real server's HttpSession. */
  static async open(baseUrl: string, path: string, client: TestClient | { cookieHeader(): string }) {
    const reader = new EventStreamReader();
    const cookie =
      'jar' in client
        ? [...client.jar].map(([name, value]) => `${name}=${value}`).join('; ')
        : client.cookieHeader();
    const response = await fetch(`${baseUrl}${path}`, {
      headers: { cookie },
      signal: reader.controller.signal,
    });
    if (!response.ok || !response.body) throw new Error(`stream ${path} answered ${response.status}`);
    void reader.pump(response.body);
    return reader;
  }

  private async pump(body: ReadableStream<Uint8Array>) {
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for await (const chunk of body) {
        buffer += decoder.decode(chunk, { stream: true });
        let end = buffer.indexOf('\n\n');
        while (end !== -1) {
          this.take(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          end = buffer.indexOf('\n\n');
        }
      }
    } catch {
      // Aborted by close().
    }
  }

  private take(block: string) {
    let event = 'message';
    let data = '';
    for (const line of block.split('\n')) {
      if (line.startsWith('event: ')) event = line.slice(7);
      else if (line.startsWith('data: ')) data += line.slice(6);
    }
    if (!data) return;
    const parsed = { event, data: JSON.parse(data) as unknown };
    this.events.push(parsed);
    for (const waiter of [...this.waiters]) {
      if (waiter.test(parsed)) {
        this.waiters.splice(this.waiters.indexOf(waiter), 1);
        waiter.resolve(parsed);
      }
    }
  }

  /** The first event (already received or still to come) that passes `test`. */
  next(test: (event: TSseEvent) => boolean): Promise<TSseEvent> {
    const seen = this.events.find(test);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve) => this.waiters.push({ test, resolve }));
  }

  close() {
    this.controller.abort();
  }
}
