// The endpoint table (decision 0067), one module per area: every route the web app calls, with
// its method, path, request schemas and reply type. The web imports single entries (so a page
// loads only the schemas of what it calls); the server's check reads the whole table.
import { accountEndpoints } from './account.js';
import { approvalsEndpoints } from './approvals.js';
import { auditEndpoints } from './audit.js';
import { authEndpoints } from './auth.js';
import { billingEndpoints } from './billing.js';
import { dashboardEndpoints } from './dashboard.js';
import { deliveryEndpoints } from './delivery.js';
import { devEndpoints } from './dev.js';
import { inboxEndpoints } from './inbox.js';
import { machinesEndpoints } from './machines.js';
import { messagesEndpoints } from './messages.js';
import { publicEndpoints } from './public.js';
import { registrationEndpoints } from './registration.js';
import { schedulesEndpoints } from './schedules.js';
import { sendRequestsEndpoints } from './send-requests.js';
import { smsContactsEndpoints } from './sms-contacts.js';
import { stationEndpoints } from './station.js';
import { subscribersEndpoints } from './subscribers.js';
import { superadminEndpoints } from './superadmin.js';
import { templatesEndpoints } from './templates.js';
import { translationEndpoints } from './translation.js';
import { usersEndpoints } from './users.js';
import { weatherEndpoints } from './weather.js';
import { webhooksEndpoints } from './webhooks.js';

export * from './account.js';
export * from './approvals.js';
export * from './audit.js';
export * from './auth.js';
export * from './billing.js';
export * from './dashboard.js';
export * from './delivery.js';
export * from './dev.js';
export * from './endpoint.js';
export * from './inbox.js';
export * from './machines.js';
export * from './messages.js';
export * from './public.js';
export * from './registration.js';
export * from './schedules.js';
export * from './send-requests.js';
export * from './sms-contacts.js';
export * from './station.js';
export * from './subscribers.js';
export * from './superadmin.js';
export * from './templates.js';
export * from './translation.js';
export * from './users.js';
export * from './weather.js';
export * from './webhooks.js';

/** Every entry, by area and name. */
export const endpoints = {
  account: accountEndpoints,
  approvals: approvalsEndpoints,
  audit: auditEndpoints,
  auth: authEndpoints,
  billing: billingEndpoints,
  public: publicEndpoints,
  dashboard: dashboardEndpoints,
  delivery: deliveryEndpoints,
  dev: devEndpoints,
  inbox: inboxEndpoints,
  machines: machinesEndpoints,
  messages: messagesEndpoints,
  schedules: schedulesEndpoints,
  sendRequests: sendRequestsEndpoints,
  registration: registrationEndpoints,
  station: stationEndpoints,
  translation: translationEndpoints,
  smsContacts: smsContactsEndpoints,
  subscribers: subscribersEndpoints,
  superadmin: superadminEndpoints,
  templates: templatesEndpoints,
  users: usersEndpoints,
  weather: weatherEndpoints,
  webhooks: webhooksEndpoints,
};
