// Checks X-Twilio-Signature on Twilio's webhooks before the body is looked at: unsigned posts learn nothing.
import type { FastifyRequest } from 'fastify';
import twilio from 'twilio';
import type { TConfig } from '../../config.js';
import { AppError } from '../../platform/errors.js';

export function twilioSignatureCheck(config: TConfig) {
  return async (request: FastifyRequest) => {
    const authToken = config.sms.twilio?.authToken;
    const signature = request.headers['x-twilio-signature'];
    const url = `${config.publicUrl}${request.url}`;
    const params = (request.body ?? {}) as Record<string, string>;
    if (
      !authToken ||
      typeof signature !== 'string' ||
      !twilio.validateRequest(authToken, signature, url, params)
    ) {
      throw new AppError('twilio_signature_invalid');
    }
  };
}
