// What a test app logs, kept line by line: pass `logger` to createTestApp and read `lines`.
import { Writable } from 'node:stream';

export function captureLogs(level = 'info') {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, logger: { level, stream } };
}
