// Typed translation keys: t('admin:nav.users') is checked against the English files.
import 'i18next';
import type account from '../locales/en/account.json';
import type admin from '../locales/en/admin.json';
import type apiKeys from '../locales/en/apiKeys.json';
import type audit from '../locales/en/audit.json';
import type auth from '../locales/en/auth.json';
import type billing from '../locales/en/billing.json';
import type common from '../locales/en/common.json';
import type compose from '../locales/en/compose.json';
import type contact from '../locales/en/contact.json';
import type dashboard from '../locales/en/dashboard.json';
import type dev from '../locales/en/dev.json';
import type devInbound from '../locales/en/devInbound.json';
import type docs from '../locales/en/docs.json';
import type drafts from '../locales/en/drafts.json';
import type errors from '../locales/en/errors.json';
import type glossary from '../locales/en/glossary.json';
import type inbox from '../locales/en/inbox.json';
import type landing from '../locales/en/landing.json';
import type legal from '../locales/en/legal.json';
import type messages from '../locales/en/messages.json';
import type registration from '../locales/en/registration.json';
import type schedules from '../locales/en/schedules.json';
import type settings from '../locales/en/settings.json';
import type smsContacts from '../locales/en/smsContacts.json';
import type subscribers from '../locales/en/subscribers.json';
import type superadmin from '../locales/en/superadmin.json';
import type templates from '../locales/en/templates.json';
import type translationSettings from '../locales/en/translationSettings.json';
import type users from '../locales/en/users.json';
import type voiceSettings from '../locales/en/voiceSettings.json';
import type weather from '../locales/en/weather.json';
import type webhooks from '../locales/en/webhooks.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      landing: typeof landing;
      auth: typeof auth;
      admin: typeof admin;
      registration: typeof registration;
      dev: typeof dev;
      drafts: typeof drafts;
      subscribers: typeof subscribers;
      smsContacts: typeof smsContacts;
      devInbound: typeof devInbound;
      messages: typeof messages;
      compose: typeof compose;
      settings: typeof settings;
      users: typeof users;
      apiKeys: typeof apiKeys;
      account: typeof account;
      audit: typeof audit;
      billing: typeof billing;
      superadmin: typeof superadmin;
      dashboard: typeof dashboard;
      contact: typeof contact;
      legal: typeof legal;
      docs: typeof docs;
      errors: typeof errors;
      glossary: typeof glossary;
      schedules: typeof schedules;
      inbox: typeof inbox;
      templates: typeof templates;
      translationSettings: typeof translationSettings;
      voiceSettings: typeof voiceSettings;
      webhooks: typeof webhooks;
      weather: typeof weather;
    };
  }
}
