import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import {
  activity,
  dashboardStats,
  lowCreditsAlert,
  mockDashboardApi,
} from '../../features/dashboard/dashboard-test-helpers';
import { ADMIN_FIRST_VIEW_NAMESPACES } from '../../i18n';
import { I18nextProvider } from '../../i18n/react';
import admin from '../../locales/en/admin.json';
import common from '../../locales/en/common.json';
import dashboard from '../../locales/en/dashboard.json';
import superadmin from '../../locales/en/superadmin.json';
import { message } from '../../test/messages-test-helpers';
import { namespacesOnly } from '../../test/namespaces-only';
import { AppProviders } from '../AppProviders';
import { createQueryClient } from '../query-client';
import { appRoutes } from '../routes';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The class names styled by the stylesheets that `file` imports. */
function styledClasses(file: string): Set<string> {
  const source = fs.readFileSync(path.join(here, file), 'utf8');
  const sheets = [...source.matchAll(/^import '([^']+\.css)';$/gm)].map((match) => match[1] as string);
  // Resolved from the importing file: relative sheets (./fonts/fonts.css) are its neighbours.
  const from = createRequire(path.join(here, file));
  const css = sheets.map((sheet) => fs.readFileSync(from.resolve(sheet), 'utf8')).join('\n');
  return new Set([...css.matchAll(/\.(m_[0-9a-f]+)/g)].map((match) => match[1] as string));
}

describe("the admin area's first view", () => {
  it('renders the frame and a full dashboard from its own namespaces and stylesheets alone', async () => {
    // A visit of /admin loads only these texts (bundles/{lng}-admin.ts) and, beside the first
    // paint's, only these styles (first-view-styles.ts): a text from another namespace would show
    // as a raw key, a component of another stylesheet unstyled.
    expect([...ADMIN_FIRST_VIEW_NAMESPACES].sort()).toEqual(['admin', 'dashboard', 'superadmin']);
    const { i18n: firstView, missing } = await namespacesOnly({
      common,
      admin,
      dashboard,
      superadmin,
    });
    mockDashboardApi({
      'GET /admin/api/dashboard-stats': () =>
        Response.json(
          dashboardStats({
            alerts: [lowCreditsAlert()],
          }),
        ),
      'GET /admin/api/activity': () => Response.json({ activities: [activity()] }),
      'GET /admin/api/messages': () => Response.json([message()]),
    });
    render(
      <I18nextProvider i18n={firstView}>
        <AppProviders queryClient={createQueryClient()} env="test">
          <RouterProvider router={createMemoryRouter(appRoutes, { initialEntries: ['/admin/dashboard'] })} />
        </AppProviders>
      </I18nextProvider>,
    );
    await screen.findByRole('region', { name: 'Total Messages' });
    await screen.findByText('Low SMS credits: 80 left.');
    await screen.findAllByText('Road closure');
    expect(missing).toEqual([]);

    const rendered = new Set(
      [...document.querySelectorAll('[class]')]
        .flatMap((element) => [...element.classList])
        .filter((name) => /^m_[0-9a-f]+$/.test(name)),
    );
    const styled = new Set([
      ...styledClasses('../first-paint-styles.ts'),
      ...styledClasses('first-view-styles.ts'),
    ]);
    expect(rendered.size).toBeGreaterThan(20);
    expect([...rendered].filter((name) => !styled.has(name))).toEqual([]);
  });
});
