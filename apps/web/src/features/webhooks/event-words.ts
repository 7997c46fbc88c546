// Event types as i18n keys ("send.completed" → "send_completed": a dot is the key separator).
import type { TWebhookEventType } from '@message-station/shared';

export const eventKey = (type: TWebhookEventType) => type.replace('.', '_') as `${string}_${string}`;
