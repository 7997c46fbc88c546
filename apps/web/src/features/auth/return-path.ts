// Where the login page sends the user: the admin page they were turned away from, else the dashboard.
export const DEFAULT_RETURN_PATH = '/admin/dashboard';

export type TLoginRedirectState = {
  from?: { pathname: string; search?: string; hash?: string };
};

export function returnPathFrom(state: unknown): string {
  const from = (state as TLoginRedirectState | null)?.from;
  if (!from || typeof from.pathname !== 'string') return DEFAULT_RETURN_PATH;
  // Only paths inside this site; never "//host" or a login page (that would loop).
  if (!from.pathname.startsWith('/') || from.pathname.startsWith('//')) return DEFAULT_RETURN_PATH;
  if (from.pathname === '/login' || from.pathname === '/admin/login') return DEFAULT_RETURN_PATH;
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}
