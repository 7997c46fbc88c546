import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { phoneWidth } from '../test/phone-width';
import { expectShown } from '../test/shown';
import { AppProviders } from './AppProviders';
import { createQueryClient } from './query-client';

function renderProviders() {
  return render(
    <AppProviders queryClient={createQueryClient()} env="test">
      <Text>Page</Text>
    </AppProviders>,
  );
}

describe('AppProviders', () => {
  it('shows the first notification, its code loaded on demand, and the next ones', async () => {
    renderProviders();
    act(() => {
      notifications.show({ message: 'Message saved' });
    });
    expectShown(await screen.findByText('Message saved'));
    act(() => {
      notifications.show({ message: 'Message sent' });
    });
    expectShown(await screen.findByText('Message sent'));
    act(() => notifications.clean());
  });

  it("shows a toast bottom right on a larger screen, and in the top bar's place on a phone, one at a time", async () => {
    const place = async (message: string) => {
      act(() => {
        notifications.show({ message });
      });
      const toast = await screen.findByText(message);
      expectShown(toast);
      return toast.closest('[data-position]')?.getAttribute('data-position');
    };
    const desktop = renderProviders();
    expect(await place('Message created')).toBe('bottom-right');
    act(() => notifications.clean());
    desktop.unmount();

    phoneWidth();
    renderProviders();
    expect(await place('Message created on a phone')).toBe('top-center');
    // The roots at the other positions take no taps from the page under them; the toast does.
    const roots = document.querySelectorAll<HTMLElement>('[data-position]');
    expect(roots.length).toBeGreaterThan(1);
    for (const root of roots) {
      expect(root).toHaveStyle({ pointerEvents: 'none' });
    }
    expect(screen.getByText('Message created on a phone').closest('[role="alert"]')).toHaveStyle({
      pointerEvents: 'auto',
    });
    act(() => {
      notifications.show({ message: 'Message sent' });
    });
    // The second waits for the first: one toast at a time keeps to the bar.
    expect(screen.queryByText('Message sent')).not.toBeInTheDocument();
    act(() => notifications.clean());
  });

  it('opens the first confirm modal, its provider loaded on demand, and the next ones', async () => {
    renderProviders();
    const user = userEvent.setup({ delay: null });
    let confirmed = 0;
    const ask = (title: string) =>
      act(() => {
        modals.openConfirmModal({
          title,
          labels: { confirm: 'Yes', cancel: 'No' },
          onConfirm: () => {
            confirmed += 1;
          },
        });
      });
    ask('Start again?');
    const first = await screen.findByRole('dialog', { name: 'Start again?' });
    await user.click(within(first).getByRole('button', { name: 'Yes' }));
    expect(confirmed).toBe(1);
    ask('Really start again?');
    const second = await screen.findByRole('dialog', { name: 'Really start again?' });
    await user.click(within(second).getByRole('button', { name: 'Yes' }));
    expect(confirmed).toBe(2);
    expect(screen.queryAllByRole('dialog', { name: 'Start again?' })).toEqual([]);
  });
});
