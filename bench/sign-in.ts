// Signs the benchmarks in as the demo admin, the way the browser does: the session call hands
// out a CSRF cookie, the login sends it back, and the answer carries both cookies.
import type { TApp } from '../apps/server/src/app.js';

export async function signInDemoAdmin(app: TApp) {
  const session = await app.inject({ url: '/auth/session' });
  const anonymous = session.cookies.find((c) => c.name === 'csrf_token')?.value ?? '';
  const login = await app.inject({
    method: 'POST',
    url: '/auth/login',
    cookies: { csrf_token: anonymous },
    headers: { 'x-csrf-token': anonymous },
    payload: { email: 'admin@demo.test', password: 'demo1234' },
  });
  const cookies = Object.fromEntries(login.cookies.map((c) => [c.name, c.value]));
  return { cookies, csrf: cookies.csrf_token ?? '' };
}
