// The admin area's code, loaded only when an /admin page is opened.
export { AdminArea } from './AdminArea';
export { RequireAdmin, RequireSuperadmin } from './guards';
