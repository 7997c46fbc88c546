// The logo decoding thread (started by logo-image.ts): decodes one image, writes it afresh and
// answers, then waits for the next. Pixels are decoded here so the server's event loop never
// stops for them (decision 0056).
import os from 'node:os';
import { parentPort, threadId } from 'node:worker_threads';
import { LogoProblem, reencodePixels } from './logo-pixels.js';

// On Linux the nice value is the thread's own: decoding yields the CPU to the event loop (and to
// everything else) when cores are scarce. Elsewhere it would be the whole process's, so it stays.
if (process.platform === 'linux') {
  try {
    os.setPriority(os.constants.priority.PRIORITY_LOW);
  } catch {
    // Not permitted here: decoding runs at the usual priority.
  }
}

export type TLogoJob = {
  id: number;
  contentType: 'image/png' | 'image/jpeg';
  bytes: Uint8Array;
  maxPixels: number;
};
export type TLogoAnswer =
  | { id: number; bytes: Uint8Array; threadId: number }
  | { id: number; problem: 'unreadable' | 'too_big' }
  | { id: number; failure: string };

parentPort?.on('message', (job: TLogoJob) => {
  let answer: TLogoAnswer;
  try {
    const bytes = reencodePixels(job.contentType, Buffer.from(job.bytes), job.maxPixels);
    answer = { id: job.id, bytes, threadId };
  } catch (error) {
    answer =
      error instanceof LogoProblem
        ? { id: job.id, problem: error.problem }
        : { id: job.id, failure: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(answer);
});
