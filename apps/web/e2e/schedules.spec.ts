import { localDateTime } from '@message-station/shared';
import { expect, test } from './fixtures';
import { joinForEmergencies as join } from './helpers';

/** The date and HH:MM in New York (the station's zone) at an instant. */
function newYork(at: Date) {
  return localDateTime(at, 'America/New_York');
}

test.describe('scheduled sends', () => {
  test.use({ stationOptions: { languages: ['en', 'es'], smsEnabled: true } });

  test('an admin schedules a message for the next minute; it is sent then and the schedule says so', async ({
    page,
    station,
    login,
  }) => {
    // A minute long at most: the run waits for the wall clock.
    test.setTimeout(150_000);
    const stamp = String(Date.now() % 10_000).padStart(4, '0');
    await join(page, station, `9495553${stamp.slice(1)}`, 'en');

    await login(station.admin);
    await page.goto('/admin/messages');
    await page.getByRole('button', { name: 'Add Message' }).click();
    const form = page.getByRole('dialog', { name: 'New Message' });
    await form.getByRole('textbox', { name: /^Title/ }).fill(`Drill ${stamp}`);
    await form.getByRole('combobox', { name: 'Type' }).selectOption('emergency');
    await form
      .getByRole('textbox', { name: /^Original Text/ })
      .fill('Fire drill at the station in ten minutes.');
    await form.getByRole('button', { name: 'Create Message' }).click();
    await expect(form).toBeHidden();

    await page
      .getByRole('row')
      .filter({ hasText: `Drill ${stamp}` })
      .getByRole('button', { name: 'Details' })
      .click();
    const detail = page.getByRole('dialog', { name: `Drill ${stamp}` });
    await detail.getByRole('button', { name: 'Schedule' }).click();
    const scheduling = page.getByRole('dialog', { name: `Schedule “Drill ${stamp}”` });
    await expect(
      scheduling.getByText(/Times are in the station's time zone: Eastern Time \(New York\)/),
    ).toBeVisible();
    // The minute after the next one starts: between 10 and 70 seconds away.
    const due = newYork(new Date(Date.now() + 70_000));
    await scheduling.getByLabel('Date').fill(due.date);
    await scheduling.getByLabel('Time').fill(due.time);
    await expect(scheduling.getByRole('checkbox', { name: /Send by SMS/ })).toBeChecked();
    await scheduling.getByRole('button', { name: 'Schedule' }).click();
    await expect(
      detail.getByText(/Scheduled\. First run: .*Each run sends to 1 subscriber for 1 credit\./),
    ).toBeVisible();
    // The detail shows the message's schedules on its Delivery tab.
    await expect(detail.getByRole('tab', { name: 'Delivery' })).toHaveAttribute('aria-selected', 'true');
    await expect(detail.getByText('Not run yet')).toBeVisible();

    await page.goto('/admin/schedules');
    const upcoming = page.getByRole('row').filter({ hasText: `Drill ${stamp}` });
    await expect(upcoming).toContainText('Not run yet');

    // At its minute the text reaches the subscriber.
    await page.goto('/dev/outbox');
    await expect(page.getByText(`${station.displayName}: Fire drill at the station`).first()).toBeVisible({
      timeout: 100_000,
    });

    await page.goto('/admin/schedules');
    await page.getByText('Past', { exact: true }).click();
    const past = page.getByRole('row').filter({ hasText: `Drill ${stamp}` });
    await expect(past).toContainText('Done');
    await expect(past).toContainText(/sent to 1 subscriber \(1 credit\)/);
    await page.goto('/admin/audit');
    await expect(
      page.getByText(`Scheduled run of “Drill ${stamp}”: sent to 1 contact (1 credits)`),
    ).toBeVisible();
  });
});
