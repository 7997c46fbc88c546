// Station logos: PNG or JPEG up to 1 MB, checked by content as well as by name, and stored as the
// image written afresh from its decoded pixels (decision 0022).
import { errorText, LIMITS } from '@message-station/shared';
import { AppError, notFound } from '../../platform/errors.js';
import type { TServiceContext } from '../../service-context.js';
import { reencodeLogo } from './logo-image.js';
import * as repo from './repo.js';

export const LOGO_EXTENSIONS = ['.png', '.jpg', '.jpeg'] as const;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_SIGNATURE = Buffer.from([0xff, 0xd8, 0xff]);

export const LOGO_TYPE_ERROR = errorText('logo_wrong_type', { types: LOGO_EXTENSIONS.join(', ') });
export const LOGO_SIZE_ERROR = errorText('logo_too_large', { max_mb: LIMITS.logoMaxBytes / (1024 * 1024) });
export const logoTooLarge = () =>
  new AppError('logo_too_large', { max_mb: LIMITS.logoMaxBytes / (1024 * 1024) });

/** The image type the bytes really are; the file name must agree. */
export function detectLogoType(filename: string, bytes: Buffer): 'image/png' | 'image/jpeg' {
  const name = filename.toLowerCase();
  if (!LOGO_EXTENSIONS.some((ext) => name.endsWith(ext)))
    throw new AppError('logo_wrong_type', { types: LOGO_EXTENSIONS.join(', ') });
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE) && name.endsWith('.png')) return 'image/png';
  if (bytes.subarray(0, 3).equals(JPEG_SIGNATURE) && !name.endsWith('.png')) return 'image/jpeg';
  throw new AppError('logo_wrong_type', { types: LOGO_EXTENSIONS.join(', ') });
}

/** The signed-in station's new logo; returns its URL. */
export async function saveStationLogo(
  context: Pick<TServiceContext, 'db' | 'now' | 'stationId'>,
  file: { filename: string; bytes: Buffer },
) {
  const { db, now } = context;
  const station = await repo.findStationSummary(db, context.stationId);
  if (!station) throw notFound('station_not_found');
  if (file.bytes.length === 0) throw new AppError('logo_empty');
  if (file.bytes.length > LIMITS.logoMaxBytes) throw logoTooLarge();
  const contentType = detectLogoType(file.filename, file.bytes);
  const bytes = await reencodeLogo(contentType, file.bytes);
  // The version query makes browsers fetch the new image at once.
  const logoUrl = `/api/stations/${station.slug}/logo?v=${now.getTime()}`;
  await repo.saveLogo(db, station.id, { contentType, bytes }, logoUrl, now);
  return logoUrl;
}

export const findLogoBySlug = repo.findLogoBySlug;

/** The name a served logo carries: the station's slug, only letters, digits and dashes. */
export function logoFileName(slug: string, extension: 'png' | 'jpg'): string {
  const safe = slug.replace(/[^a-z0-9-]/gi, '').slice(0, 64);
  return `${safe || 'station'}-logo.${extension}`;
}
