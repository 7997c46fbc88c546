/** Data attached to routes (react-router `handle`) that guards read. */
export type TRouteHandle = {
  /** Role admin only: signed-out visitors go to /login, other roles see Access Denied. */
  adminOnly?: boolean;
  /** An admin page that works on a phone (decision 0043); the others show the larger-display notice there. */
  phone?: boolean;
};

export function isAdminOnlyHandle(handle: unknown): boolean {
  return Boolean((handle as TRouteHandle | undefined)?.adminOnly);
}

export function isPhoneReadyHandle(handle: unknown): boolean {
  return Boolean((handle as TRouteHandle | undefined)?.phone);
}
