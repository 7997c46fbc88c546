// Re-encoding of uploaded logos (decision 0022): the file is decoded to pixels and a new file is
// written from them alone, so nothing an uploader put beside the pixels (text chunks, comments,
// metadata, bytes after the image's end, an HTML page behind a PNG header) is ever stored or served.
//
// Decoding is bounded and off the event loop (decision 0056): the width and height are read from
// the file's header first and an image over LOGO_MAX_PIXELS is refused without decoding it (a
// 65 KB PNG may hold 16 million pixels, seconds of work); the rest is decoded in a worker thread
// (logo-worker.ts), one image at a time, with at most LOGO_MAX_WAITING uploads waiting for it.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { AppError } from '../../platform/errors.js';
import type { TLogoAnswer, TLogoJob } from './logo-worker.js';

export { exifOrientation } from './logo-pixels.js';

/** Wider or taller images are refused before decoding. */
export const LOGO_MAX_SIDE = 4096;
/** More pixels than this are refused before decoding: 4 megapixels, e.g. 2000 × 2000. */
export const LOGO_MAX_PIXELS = 4_000_000;
/** Uploads waiting for the decoding thread beyond the one it decodes; one more is 503. */
export const LOGO_MAX_WAITING = 4;
export const LOGO_DIMENSIONS_ERROR = `The logo must be at most ${LOGO_MAX_SIDE} × ${LOGO_MAX_SIDE} pixels.`;
/** Right signature, but no image behind it (cut off, corrupt, or something else after the image). */
export const LOGO_UNREADABLE_ERROR = 'The logo is not a readable PNG or JPEG image.';

type TContentType = TLogoJob['contentType'];

/** A PNG's size, from its IHDR chunk: always first, right after the 8-byte signature. */
function pngDimensions(bytes: Buffer) {
  if (bytes.length < 24 || bytes.toString('latin1', 12, 16) !== 'IHDR') throw new AppError('logo_unreadable');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** Start-of-frame markers (SOF0–SOF15 but DHT, JPG and DAC): they carry the frame's size. */
const JPEG_FRAME_MARKERS = new Set([
  0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf,
]);

/** A JPEG's size, from its first start-of-frame segment (the segments before it are skipped). */
function jpegDimensions(bytes: Buffer) {
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) break;
    const marker = bytes[at + 1] as number;
    // Fill bytes, and markers without a length.
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2;
      continue;
    }
    const length = bytes.readUInt16BE(at + 2);
    if (JPEG_FRAME_MARKERS.has(marker)) {
      if (at + 9 > bytes.length) break;
      return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    }
    // Image data before any frame header, or the end: no size to read.
    if (marker === 0xda || marker === 0xd9 || length < 2) break;
    at += 2 + length;
  }
  throw new AppError('logo_unreadable');
}

/** Refuses a logo by its header alone: unreadable, a side over 4096, or over 4 megapixels. */
export function checkLogoDimensions(contentType: TContentType, bytes: Buffer) {
  const { width, height } = contentType === 'image/png' ? pngDimensions(bytes) : jpegDimensions(bytes);
  if (width < 1 || height < 1) throw new AppError('logo_unreadable');
  if (width > LOGO_MAX_SIDE || height > LOGO_MAX_SIDE)
    throw new AppError('logo_too_big', { max_side: String(LOGO_MAX_SIDE) });
  if (width * height > LOGO_MAX_PIXELS) throw tooManyPixels(width, height);
  return { width, height };
}

function tooManyPixels(width: number, height: number) {
  // Sizes as written in image editors: digits only (a number param would get a thousands separator).
  return new AppError('logo_too_many_pixels', {
    width: String(width),
    height: String(height),
    max_megapixels: LOGO_MAX_PIXELS / 1_000_000,
  });
}

// ---- The decoding thread --------------------------------------------------------------------

type TPending = { resolve(bytes: Buffer): void; reject(error: unknown): void };

/**
 * The worker as built (dist/…/logo-worker.js), or, when the server runs from its TypeScript
 * sources (tsx, Vitest), the .ts file through tsx's require hook: a worker thread does not
 * inherit the parent's module hooks on Node 20.
 */
function startWorker(): Worker {
  const here = import.meta.url;
  if (!here.endsWith('.ts')) return new Worker(new URL('./logo-worker.js', here));
  const tsx = createRequire(here).resolve('tsx/cjs/api');
  const file = fileURLToPath(new URL('./logo-worker.ts', here));
  const code = `require(${JSON.stringify(tsx)}).register();\nrequire(${JSON.stringify(file)});`;
  return new Worker(code, { eval: true, execArgv: [] });
}

let worker: Worker | null = null;
let lastDecodeThread: number | null = null;
/** The thread that decoded the last logo (0 would be the main thread; for tests). */
export const logoDecodeThread = () => lastDecodeThread;
let nextId = 1;
const pending = new Map<number, TPending>();

function decoder(): Worker {
  if (worker) return worker;
  const started = startWorker();
  started.on('message', (answer: TLogoAnswer) => {
    const waiting = pending.get(answer.id);
    if (!waiting) return;
    pending.delete(answer.id);
    if (pending.size === 0) started.unref();
    if ('bytes' in answer) {
      lastDecodeThread = answer.threadId;
      waiting.resolve(Buffer.from(answer.bytes));
    } else if ('problem' in answer) waiting.reject(refusal(answer.problem));
    else waiting.reject(new Error(`logo decoding failed: ${answer.failure}`));
  });
  const lost = (error: unknown) => {
    if (worker === started) worker = null;
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
  };
  started.on('error', lost);
  started.on('exit', (code) => lost(new Error(`logo decoding thread exited (${code})`)));
  started.unref();
  worker = started;
  return started;
}

function refusal(problem: 'unreadable' | 'too_big') {
  return problem === 'too_big'
    ? new AppError('logo_too_big', { max_side: String(LOGO_MAX_SIDE) })
    : new AppError('logo_unreadable');
}

/** Decodes and writes the image afresh in the decoding thread. */
function reencodeInWorker(contentType: TContentType, bytes: Buffer): Promise<Buffer> {
  if (pending.size > LOGO_MAX_WAITING) return Promise.reject(new AppError('logo_busy'));
  const thread = decoder();
  const id = nextId++;
  return new Promise<Buffer>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    thread.ref();
    const job: TLogoJob = { id, contentType, bytes: new Uint8Array(bytes), maxPixels: LOGO_MAX_PIXELS };
    thread.postMessage(job);
  });
}

/** The logo written afresh from its pixels, or the refusal (nothing is stored on a refusal). */
export async function reencodeLogo(contentType: TContentType, bytes: Buffer): Promise<Buffer> {
  checkLogoDimensions(contentType, bytes);
  return reencodeInWorker(contentType, bytes);
}
