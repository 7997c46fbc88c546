// A logo written afresh from its decoded pixels (decision 0022). This file runs in the decoding
// worker thread (logo-worker.ts), so it imports nothing of the server: what went wrong is said as
// a `TLogoProblem`, which logo-image.ts turns into the refusal.
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';

export type TLogoProblem = 'unreadable' | 'too_big';

export class LogoProblem extends Error {
  constructor(readonly problem: TLogoProblem) {
    super(problem);
  }
}

const JPEG_QUALITY = 90;
const EXIF_ORIENTATION_TAG = 0x0112;

function reencodePng(bytes: Buffer): Buffer {
  let image: PNG;
  try {
    // Refuses bytes after the image's end too: a PNG with a page behind it is not a PNG.
    image = PNG.sync.read(bytes);
  } catch {
    throw new LogoProblem('unreadable');
  }
  return PNG.sync.write(image);
}

/** The EXIF orientation (1–8) of a JPEG's APP1 data as jpeg-js returns it ('\0' then TIFF), else 1. */
export function exifOrientation(exif: Uint8Array | undefined): number {
  if (!exif || exif.length < 9) return 1;
  const tiff = Buffer.from(exif.buffer, exif.byteOffset + 1, exif.length - 1);
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const read16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const read32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  try {
    const directory = read32(4);
    const entries = read16(directory);
    for (let i = 0; i < entries; i++) {
      const entry = directory + 2 + i * 12;
      if (read16(entry) !== EXIF_ORIENTATION_TAG) continue;
      const orientation = read16(entry + 8);
      return orientation >= 1 && orientation <= 8 ? orientation : 1;
    }
  } catch {
    // A directory pointing past the end: no orientation.
  }
  return 1;
}

/** A minimal EXIF block of our own making that holds only the orientation. */
function orientationExif(orientation: number): Buffer {
  const tiff = Buffer.alloc(1 + 8 + 2 + 12 + 4);
  tiff.write('MM', 1, 'latin1');
  tiff.writeUInt16BE(42, 3);
  tiff.writeUInt32BE(8, 5);
  tiff.writeUInt16BE(1, 9);
  tiff.writeUInt16BE(EXIF_ORIENTATION_TAG, 11);
  tiff.writeUInt16BE(3, 13); // SHORT
  tiff.writeUInt32BE(1, 15);
  tiff.writeUInt16BE(orientation, 19);
  return tiff;
}

function reencodeJpeg(bytes: Buffer, maxPixels: number): Buffer {
  let image: ReturnType<typeof jpeg.decode> & { exifBuffer?: Uint8Array };
  try {
    image = jpeg.decode(bytes, {
      tolerantDecoding: false,
      // A second bound under the header check of logo-image.ts.
      maxResolutionInMP: maxPixels / 1e6,
      maxMemoryUsageInMB: 256,
    });
  } catch (error) {
    if (error instanceof Error && /maxResolutionInMP|maxMemoryUsageInMB/.test(error.message))
      throw new LogoProblem('too_big');
    throw new LogoProblem('unreadable');
  }
  // A photo turned by its EXIF orientation keeps being shown the right way up.
  const orientation = exifOrientation(image.exifBuffer);
  const exifBuffer = orientation === 1 ? undefined : orientationExif(orientation);
  // Pixels and that orientation only: never the decoded comments or metadata.
  const fresh = { width: image.width, height: image.height, data: image.data, exifBuffer };
  return jpeg.encode(fresh as Parameters<typeof jpeg.encode>[0], JPEG_QUALITY).data;
}

/** The image written afresh; throws a LogoProblem. The caller has checked its dimensions. */
export function reencodePixels(
  contentType: 'image/png' | 'image/jpeg',
  bytes: Buffer,
  maxPixels: number,
): Buffer {
  return contentType === 'image/png' ? reencodePng(bytes) : reencodeJpeg(bytes, maxPixels);
}
