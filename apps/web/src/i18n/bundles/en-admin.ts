// The English namespaces of the admin area's first view (ADMIN_FIRST_VIEW_NAMESPACES), one chunk.
export const files = import.meta.glob<Record<string, unknown>>(
  '../../locales/en/{admin,dashboard,superadmin}.json',
  { eager: true, import: 'default' },
);
