// Every other Spanish namespace, one chunk: loaded before any page other than the landing page and
// the admin area's first view renders.
// The admin area's first view has its own (es-admin.ts).
export const files = import.meta.glob<Record<string, unknown>>(
  ['../../locales/es/*.json', '!../../locales/es/{admin,dashboard,superadmin}.json'],
  { eager: true, import: 'default' },
);
