// Typed translation keys: t('admin:nav.users') is checked against the English files.
import 'i18next';
import type admin from '../locales/en/admin.json';
import type auth from '../locales/en/auth.json';
import type common from '../locales/en/common.json';
import type publicPages from '../locales/en/public.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      public: typeof publicPages;
      auth: typeof auth;
      admin: typeof admin;
    };
  }
}
