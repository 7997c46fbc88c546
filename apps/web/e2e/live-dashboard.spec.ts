// The live dashboard (decision 0079): an admin watching a new station's dashboard sees its first
// subscriber arrive, and the first-run step done, while someone joins on the public page in another
// browser, without reloading; on a desktop and on a phone.
import { expect, test } from './fixtures';
import { joinForEmergencies } from './helpers';

const SCREENS = [
  { name: 'a desktop', viewport: { width: 1440, height: 900 }, offset: 1 },
  { name: 'a phone', viewport: { width: 390, height: 844 }, offset: 2 },
];

for (const { name, viewport, offset } of SCREENS) {
  test.describe(`the live dashboard on ${name}`, () => {
    test.use({ viewport, stationOptions: { languages: ['en', 'es'], smsEnabled: true } });

    test('the first subscriber and the step done appear without a reload', async ({
      page,
      browser,
      station,
      login,
    }) => {
      await login(station.admin);
      await page.goto('/admin/dashboard');
      const subscribers = page.getByRole('region', { name: 'SMS Subscribers' });
      await expect(subscribers.getByText('0', { exact: true })).toBeVisible();
      await expect(subscribers.getByText('Active, of 0 contacts')).toBeVisible();
      const firstSubscriber = page.locator('[data-first-run-step="first_subscriber"]');
      await expect(firstSubscriber).toHaveAttribute('data-done', 'false');
      await expect(firstSubscriber.getByText('Not done yet')).toBeVisible();
      // Any reload or navigation of the admin's page would show here.
      const navigations: string[] = [];
      page.on('framenavigated', (frame) => {
        if (frame === page.mainFrame()) navigations.push(frame.url());
      });

      const someone = await browser.newContext({ viewport });
      try {
        const digits = `628559${String((Date.now() + offset * 7919) % 10_000).padStart(4, '0')}`;
        await joinForEmergencies(await someone.newPage(), station, digits, 'es');
      } finally {
        await someone.close();
      }

      await expect(subscribers.getByText('1', { exact: true })).toBeVisible();
      await expect(subscribers.getByText('Active, of 1 contacts')).toBeVisible();
      await expect(firstSubscriber).toHaveAttribute('data-done', 'true');
      await expect(firstSubscriber.getByText('Done', { exact: true })).toBeVisible();
      expect(navigations).toEqual([]);

      // What the dashboard shows is what the station has: a reload finds the same.
      await page.reload();
      await expect(subscribers.getByText('1', { exact: true })).toBeVisible();
      await expect(firstSubscriber).toHaveAttribute('data-done', 'true');
    });
  });
}
