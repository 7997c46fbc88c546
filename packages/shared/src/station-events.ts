// The names of a station's live events (the server's platform/event-bus.ts) that the dashboard
// follows. Each carries ids or nothing, never rows: a page that hears one reads again what it shows.

/** A station's contact counts changed: a join started or was verified, STOP or START by text, staff
 * added, paused or resumed a contact, an import, an opt-out through the API. No data. */
export const CONTACTS_CHANGED_EVENT = 'contacts_changed';

/** What the dashboard's stream (GET /admin/api/dashboard/stream) forwards of the station's events. */
export const DASHBOARD_EVENTS = [
  'message_created',
  'message_updated',
  'message_deleted',
  'sms_progress',
  CONTACTS_CHANGED_EVENT,
] as const;
export type TDashboardEvent = (typeof DASHBOARD_EVENTS)[number];
