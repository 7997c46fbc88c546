// What the SMS and payment vendors post to our webhooks, and what we answer them. Not read by the
// web: here so every route's schema lives in one package.
import { z } from 'zod';
import { refusal } from './issue-message.js';
import { TEXT_LIMITS, textField } from './text-field.js';

/** Twilio's incoming-message form post; fields we do not read are kept (loose). */
export const ZTwilioInbound = z.looseObject({
  MessageSid: textField({
    label: 'MessageSid',
    max: TEXT_LIMITS.token,
    required: refusal('field_required', { field: 'MessageSid' }),
  }),
  From: textField({
    label: 'From',
    max: TEXT_LIMITS.phone,
    required: refusal('field_required', { field: 'From' }),
  }),
  To: textField({ label: 'To', max: TEXT_LIMITS.phone }).default(''),
  Body: textField({ label: 'Body', max: TEXT_LIMITS.smsBody }).default(''),
});

/** Twilio's status callback form post; fields we do not read pass through. */
export const ZTwilioStatusCallback = z
  .object({
    MessageSid: textField({ label: 'MessageSid', max: TEXT_LIMITS.token }),
    MessageStatus: textField({ label: 'MessageStatus', max: TEXT_LIMITS.token }),
    ErrorCode: textField({ label: 'ErrorCode', max: TEXT_LIMITS.token }).optional(),
  })
  .passthrough();

/** Our answer to a Stripe event: applied now, or seen before (`duplicate`), and what it did. */
export const ZStripeWebhookResponse = z.object({
  received: z.literal(true),
  duplicate: z.boolean(),
  outcome: z.string(),
});
