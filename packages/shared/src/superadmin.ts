// Superadmin shapes.
import { z } from 'zod';
import { PAYMENT_STATUSES } from './constants.js';
import { refusal } from './issue-message.js';

export const ZSuperadminStatus = z.object({
  is_superadmin: z.boolean(),
  viewing_station_id: z.string().nullable(),
});
export type TSuperadminStatus = z.infer<typeof ZSuperadminStatus>;

export const ZViewingStation = z.object({ id: z.string(), display_name: z.string(), slug: z.string() });
export type TViewingStation = z.infer<typeof ZViewingStation>;

export const ZSuperadminStationRow = z.object({
  id: z.string(),
  display_name: z.string(),
  slug: z.string(),
  payment_status: z.enum(PAYMENT_STATUSES),
  sms_enabled: z.boolean(),
  user_count: z.number(),
  message_count: z.number(),
  sms_credits: z.number().nullable(),
});
export type TSuperadminStationRow = z.infer<typeof ZSuperadminStationRow>;

export const ZSuperadminDashboard = z.object({
  stats: z.object({
    total_stations: z.number(),
    total_users: z.number(),
    total_messages: z.number(),
    total_sms_subscribers: z.number(),
  }),
  stations: z.array(ZSuperadminStationRow),
  viewing_station: ZViewingStation.nullable(),
});
export type TSuperadminDashboard = z.infer<typeof ZSuperadminDashboard>;

export const ZSwitchStationResponse = z.object({ message: z.string(), viewing_station: ZViewingStation });
export type TSwitchStationResponse = z.infer<typeof ZSwitchStationResponse>;
export const ZExitStationResponse = z.object({ message: z.string() });
export type TExitStationResponse = z.infer<typeof ZExitStationResponse>;

/**
 * A station's own sending identity (decision 0016): a US long code or toll-free number in E.164,
 * or a Twilio Messaging Service SID, with the messages per second its 10DLC campaign allows.
 * Null sender: the station sends from the service's number, at the service's pace.
 */
export const ZStationSmsSending = z.object({
  sms_sender: z
    .string()
    .regex(/^(\+1[2-9]\d{2}[2-9]\d{6}|MG[0-9a-f]{32})$/, refusal('sms_sender_invalid'))
    .nullable(),
  sms_rate_per_second: z
    .number()
    .min(0.1, refusal('sms_rate_too_low'))
    .max(1000, refusal('sms_rate_too_high'))
    .nullable(),
});
export type TStationSmsSending = z.infer<typeof ZStationSmsSending>;

/** GET and PUT answer: the setting, and the pace actually used (the service's when unset). */
export const ZStationSmsSendingResponse = ZStationSmsSending.extend({
  station_id: z.string(),
  /** 'default' (the service's number) or 'station:{id}'. */
  lane: z.string(),
  effective_rate_per_second: z.number(),
  /** Texts queued in the old lane that moved to the new one with this change. */
  moved_queued: z.number().optional(),
});
export type TStationSmsSendingResponse = z.infer<typeof ZStationSmsSendingResponse>;
