// Mantine's icon-only buttons get names in the page's language from the theme, and a
// dialog's title bar is no second banner landmark.
import { Modal, Notification, Pagination } from '@mantine/core';
import { act, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import i18n from '../i18n';
import { AppProviders } from './AppProviders';
import { createQueryClient } from './query-client';

function renderControls() {
  return render(
    <AppProviders queryClient={createQueryClient()} env="test">
      <Pagination total={5} value={2} onChange={() => undefined} withEdges />
      <Modal opened onClose={() => undefined} title="Add Contact">
        Body
      </Modal>
      {/* What notifications.show() renders for a toast. */}
      <Notification title="Saved" onClose={() => undefined}>
        Contact saved
      </Notification>
    </AppProviders>,
  );
}

describe('the theme’s names for icon buttons', () => {
  it('names the dialog’s close button and the pagination’s arrows, in English and in Spanish', async () => {
    await act(() => i18n.changeLanguage('en'));
    renderControls();
    const dialog = await screen.findByRole('dialog', { name: 'Add Contact' });
    expect(within(dialog).getByRole('button', { name: 'Close dialog' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Close notice' })).toBeEnabled();
    for (const name of ['First page', 'Previous page', 'Next page', 'Last page']) {
      expect(screen.getByRole('button', { name })).toBeEnabled();
    }

    await act(() => i18n.changeLanguage('es'));
    expect(await within(dialog).findByRole('button', { name: 'Cerrar diálogo' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Página siguiente' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Cerrar aviso' })).toBeEnabled();
    await act(() => i18n.changeLanguage('en'));
  });

  it('gives the dialog’s title bar no landmark role', async () => {
    renderControls();
    const dialog = await screen.findByRole('dialog', { name: 'Add Contact' });
    expect(within(dialog).queryByRole('banner')).not.toBeInTheDocument();
    expect(dialog.querySelector('header')).toHaveAttribute('role', 'none');
  });
});
