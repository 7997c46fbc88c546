// Every TanStack Query key of the app, so invalidation never guesses a key.
export const queryKeys = {
  session: ['auth', 'session'] as const,
  terms: ['terms'] as const,
  /** Mutations of the signup wizard: start, verify, resend, logo. */
  registration: ['registration'] as const,
  devOutbox: ['dev', 'outbox'] as const,
  /** The inbox: its list, [...inbox, 'unread'], [...inbox, 'settings'] and each thread [...inbox, id]. */
  inbox: ['admin', 'inbox'] as const,
  /** Public info of a station's join and unsubscribe pages: [...subscribePage, slug, language]. */
  subscribePage: ['subscribe', 'info'] as const,
  /** Every page of the SMS contacts list: [...smsContacts, { search, status, page }]. */
  smsContacts: ['admin', 'sms-contacts'] as const,
  messageTypes: ['admin', 'message-types'] as const,
  stationLanguages: ['admin', 'station-languages'] as const,
  /** Every list of messages: [...messages, { type, search }]. */
  messages: ['admin', 'messages'] as const,
  /** What awaits a second admin (under messages: whatever refreshes them refreshes it). */
  approvalQueue: ['admin', 'messages', 'approvals'] as const,
  /**
   * Standard users' requests that the admins send: [...sendRequests, messageId] per message, and
   * [...sendRequests, 'pending'] the admins' queue (under messages: their events refresh them).
   */
  sendRequests: ['admin', 'messages', 'send-requests'] as const,
  /** Scheduled sends: [...schedules, { status, messageId }]. */
  schedules: ['admin', 'schedules'] as const,
  /** The station's message templates with their translations. */
  templates: ['admin', 'templates'] as const,
  /** The signed-in station (admin view): SMS switch and credits. */
  adminStation: ['admin', 'station'] as const,
  stationSettings: ['admin', 'station', 'settings'] as const,
  /** The station's own wording of the confirmation and HELP texts, per language. */
  stationSmsTexts: ['admin', 'station', 'sms-texts'] as const,
  /** Settings → Voice: each station language's server voices and the station's choice. */
  voiceSettings: ['admin', 'station', 'voice'] as const,
  /** Settings → Translation: the station's engines; coverage per original language under it. */
  translationSettings: ['admin', 'station', 'translation'] as const,
  /** Which engine covers each station language: [...translationCoverage, from]. */
  translationCoverage: ['admin', 'station', 'translation', 'coverage'] as const,
  glossary: ['admin', 'station', 'glossary'] as const,
  users: ['admin', 'users'] as const,
  /** Pending invitations: under users, so a change to users refreshes them too. */
  invitations: ['admin', 'users', 'invitations'] as const,
  /** My Account: second factor and station security; its sessions under [...account, 'sessions']. */
  account: ['admin', 'account'] as const,
  accountSessions: ['admin', 'account', 'sessions'] as const,
  /** The audit log: [...audit, filters]. */
  audit: ['admin', 'audit'] as const,
  billing: ['admin', 'billing'] as const,
  billingHistory: ['admin', 'billing', 'history'] as const,
  superadminStatus: ['admin', 'superadmin', 'status'] as const,
  superadminDashboard: ['admin', 'superadmin', 'dashboard'] as const,
  /** What sending a message by SMS would cost: [...sendPreview, messageId]. */
  sendPreview: ['admin', 'send-preview'] as const,
  /** Delivery progress of a message's SMS: [...deliveries, messageId]. */
  deliveries: ['admin', 'deliveries'] as const,
  dashboardStats: ['admin', 'dashboard-stats'] as const,
  /** A new station's first-run checklist on the dashboard. */
  firstRun: ['admin', 'dashboard', 'first-run'] as const,
  /** The dashboard's Recent Activity: [...activity, limit]. */
  activity: ['admin', 'activity'] as const,
  /** The station's connected machines (desktop apps), kept live by their stream. */
  clients: ['admin', 'clients'] as const,
  /** The desktop app's versions, newest first. */
  releases: ['releases'] as const,
  /** One version's notes: [...releaseNotes, version]. */
  releaseNotes: ['releases', 'notes'] as const,
};
