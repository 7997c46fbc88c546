/** Data attached to routes (react-router `handle`) that guards read. */
export type TRouteHandle = {
  /** Role admin only: signed-out visitors go to /login, other roles see Access Denied. */
  adminOnly?: boolean;
};

export function isAdminOnlyHandle(handle: unknown): boolean {
  return Boolean((handle as TRouteHandle | undefined)?.adminOnly);
}
