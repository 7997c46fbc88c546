import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { sessionUser } from '../../test/render-app';
import { isPhoneReadyHandle } from '../route-handle';
import { navItemsFor } from './AdminNav';
import { adminRoute } from './routes';

/**
 * Pages that work on a phone yet are no page of the menu: the not-found page, and New alert, which
 * the top bar offers on every page (decision 0082).
 */
const OUTSIDE_MENU = ['*', 'alert'];

/** Every admin page whose route works on a phone, as /admin/… paths. */
function phonePaths(routes: RouteObject[], inherited = false): string[] {
  return routes.flatMap((route) => {
    const phone = inherited || isPhoneReadyHandle(route.handle);
    const own =
      route.path && !OUTSIDE_MENU.includes(route.path) && !route.index && phone
        ? [`/admin/${route.path}`]
        : [];
    return [...own, ...phonePaths(route.children ?? [], false)];
  });
}

describe('the admin menu on a phone', () => {
  it('lists exactly the pages whose routes work on a phone, and no page that would only say it needs a larger display', () => {
    const admin = sessionUser({ role: 'admin', isSuperadmin: true });
    const onPhone = navItemsFor(admin, true).map((item) => item.to);
    expect(onPhone.sort()).toEqual(phonePaths(adminRoute.children ?? []).sort());
    expect(onPhone).toEqual(
      expect.arrayContaining(['/admin/settings', '/admin/sms-contacts', '/admin/inbox', '/admin/messages']),
    );
    expect(onPhone).not.toContain('/admin/users');
    // On a larger screen every page the user may open.
    expect(navItemsFor(admin, false).length).toBeGreaterThan(onPhone.length);
    expect(navItemsFor(sessionUser({ role: 'user' }), true).map((item) => item.to)).not.toContain(
      '/admin/settings',
    );
  });
});
