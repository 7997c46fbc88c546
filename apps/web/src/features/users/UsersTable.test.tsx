// Names and emails up to their limits (decision 0024) end in an ellipsis and show whole on hover,
// so the row keeps its actions in view.
import { TEXT_LIMITS } from '@message-station/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderApp } from '../../test/render-app';
import { expectShown } from '../../test/shown';
import { mockUsersApi, signedInAdmin, stationUser } from '../../test/users-test-helpers';

describe('UsersTable with long names', () => {
  it('cuts a 100-character name and a 254-character email with an ellipsis, whole in the title', async () => {
    const name = `Maria ${'Lopez'.repeat(20)}`.slice(0, TEXT_LIMITS.name);
    const email = `${'m'.repeat(TEXT_LIMITS.email - '@demoradio.org'.length)}@demoradio.org`;
    mockUsersApi({
      'GET /admin/api/users': () => jsonResponse([signedInAdmin(), stationUser({ full_name: name, email })]),
    });
    renderApp('/admin/users');

    const shownName = await screen.findByTitle(name);
    expectShown(shownName);
    expect(shownName.textContent).toBe(name);
    expect(shownName).toHaveAttribute('data-truncate', 'end');
    const shownEmail = screen.getByTitle(email);
    expect(shownEmail).toHaveAttribute('data-truncate', 'end');

    const row = shownName.closest('tr') as HTMLElement;
    expectShown(within(row).getByRole('button', { name: 'Edit' }));
    // Delete waits in the row's menu, beside Edit but not a click away from it.
    expectShown(within(row).getByRole('button', { name: `More actions for ${name}` }));
    expect(within(row).queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });
});
