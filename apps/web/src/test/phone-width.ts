// The window is a phone's (768px wide or less, decision 0043): only the admin area's phone query
// matches. setup.ts restores window.matchMedia after each test.
import { vi } from 'vitest';
import { ADMIN_PHONE_QUERY } from '../components/use-admin-phone';
import { fakeMediaQueryList } from './media-query';

export function phoneWidth() {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) =>
    fakeMediaQueryList(query, query === ADMIN_PHONE_QUERY),
  );
}
