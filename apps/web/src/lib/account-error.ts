// The code a refused account or sign-in call answers beside `error` (ACCOUNT_ERROR_CODES), so the
// page words it in the reader's language.
import type { TAccountErrorCode } from '@message-station/shared';
import { ApiError } from '../api/client';

export function accountErrorCode(error: unknown): TAccountErrorCode | null {
  if (!(error instanceof ApiError)) return null;
  const body = error.body as { code?: unknown } | undefined;
  return typeof body?.code === 'string' ? (body.code as TAccountErrorCode) : null;
}
