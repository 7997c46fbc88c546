// Re-encoding of uploaded logos (decision 0022): the file is decoded to pixels and a new file is
// written from them alone, so nothing an uploader put beside the pixels (text chunks, comments,
// metadata, bytes after the image's end, an HTML page behind a PNG header) is ever stored or served.
import jpeg from 'jpeg-js';
import { PNG } from 'pngjs';
import { AppError } from '../../platform/errors.js';

/** Wider or taller images are refused before decoding: a 1 MB file may hold a billion pixels. */
export const LOGO_MAX_SIDE = 4096;
export const LOGO_DIMENSIONS_ERROR = `The logo must be at most ${LOGO_MAX_SIDE} × ${LOGO_MAX_SIDE} pixels.`;
/** Right signature, but no image behind it (cut off, corrupt, or something else after the image). */
export const LOGO_UNREADABLE_ERROR = 'The logo is not a readable PNG or JPEG image.';
const JPEG_QUALITY = 90;
const EXIF_ORIENTATION_TAG = 0x0112;

function checkDimensions(width: number, height: number) {
  if (width < 1 || height < 1) throw new AppError('logo_unreadable');
  if (width > LOGO_MAX_SIDE || height > LOGO_MAX_SIDE)
    throw new AppError('logo_too_big', { max_side: String(LOGO_MAX_SIDE) });
}

function reencodePng(bytes: Buffer): Buffer {
  // IHDR comes first, right after the 8-byte signature: its size is known before any decoding.
  if (bytes.length < 24 || bytes.toString('latin1', 12, 16) !== 'IHDR') throw new AppError('logo_unreadable');
  checkDimensions(bytes.readUInt32BE(16), bytes.readUInt32BE(20));
  let image: PNG;
  try {
    // Refuses bytes after the image's end too: a PNG with a page behind it is not a PNG.
    image = PNG.sync.read(bytes);
  } catch {
    throw new AppError('logo_unreadable');
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

function reencodeJpeg(bytes: Buffer): Buffer {
  let image: ReturnType<typeof jpeg.decode> & { exifBuffer?: Uint8Array };
  try {
    image = jpeg.decode(bytes, {
      tolerantDecoding: false,
      maxResolutionInMP: (LOGO_MAX_SIDE * LOGO_MAX_SIDE) / 1e6,
      maxMemoryUsageInMB: 256,
    });
  } catch (error) {
    if (error instanceof Error && /maxResolutionInMP|maxMemoryUsageInMB/.test(error.message))
      throw new AppError('logo_too_big', { max_side: String(LOGO_MAX_SIDE) });
    throw new AppError('logo_unreadable');
  }
  checkDimensions(image.width, image.height);
  // A photo turned by its EXIF orientation keeps being shown the right way up.
  const orientation = exifOrientation(image.exifBuffer);
  const exifBuffer = orientation === 1 ? undefined : orientationExif(orientation);
  // Pixels and that orientation only: never the decoded comments or metadata.
  const fresh = { width: image.width, height: image.height, data: image.data, exifBuffer };
  return jpeg.encode(fresh as Parameters<typeof jpeg.encode>[0], JPEG_QUALITY).data;
}

export function reencodeLogo(contentType: 'image/png' | 'image/jpeg', bytes: Buffer): Buffer {
  return contentType === 'image/png' ? reencodePng(bytes) : reencodeJpeg(bytes);
}
