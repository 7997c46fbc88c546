// Picks the email provider from configuration.
import type { TEmailConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { createOutboxEmailProvider } from './outbox.js';
import { createSmtpEmailProvider } from './smtp.js';
import type { TEmailProvider } from './types.js';

export type { TEmail, TEmailProvider } from './types.js';

export function createEmailProvider(config: TEmailConfig, db: Db): TEmailProvider {
  if (config.provider === 'smtp' && config.smtpUrl)
    return createSmtpEmailProvider(config.smtpUrl, config.from);
  return createOutboxEmailProvider(db, config.from);
}
