// What a station logo file may be: the signup wizard's and Settings' dropzones.
import type { FileRejection } from '@mantine/dropzone';
import { LIMITS } from '@message-station/shared';

export const LOGO_FILE = {
  /** The dropzone's `accept`: png, jpg and jpeg. */
  types: { 'image/png': ['.png'], 'image/jpeg': ['.jpg', '.jpeg'] },
  /** The same types as the refusal text names them. */
  extensions: 'png, jpg, jpeg',
  maxBytes: LIMITS.logoMaxBytes,
  maxMegabytes: LIMITS.logoMaxBytes / (1024 * 1024),
};

export type TLogoRejection = 'fileType' | 'fileSize';

/** Why the dropzone refused a file: too large, or another type. */
export function logoRejection(rejections: FileRejection[]): TLogoRejection {
  const codes = rejections.flatMap((rejection) => rejection.errors.map((error) => error.code));
  return codes.includes('file-too-large') ? 'fileSize' : 'fileType';
}
