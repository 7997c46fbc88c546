// Chooses the SMS provider from configuration: the dev outbox unless Twilio is asked for.
import type { TSmsConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import { createOutboxSmsProvider } from './outbox.js';
import { createTwilioSmsProvider } from './twilio.js';
import type { TSmsProvider } from './types.js';

export function createSmsProvider(config: TSmsConfig, db: Db): TSmsProvider {
  if (config.provider === 'twilio' && config.twilio) return createTwilioSmsProvider(config.twilio);
  return createOutboxSmsProvider(db);
}

export * from './types.js';
