// The admin area's code, loaded only when an /admin page is opened, with the styles of its first
// view (the other pages load all of Mantine's with their code).
import './first-view-styles';

export { AdminArea } from './AdminArea';
export { RequireAdmin, RequireSuperadmin } from './guards';
