// Superadmin shapes (spec §3 Superadmin stats, §7 superadmin calls).
import { z } from 'zod';
import { PAYMENT_STATUSES } from './constants.js';

export const ZSuperadminStatus = z.object({
  is_superadmin: z.boolean(),
  viewing_station_id: z.string().nullable(),
});

export const ZViewingStation = z.object({ id: z.string(), display_name: z.string(), slug: z.string() });

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
export const ZExitStationResponse = z.object({ message: z.string() });
