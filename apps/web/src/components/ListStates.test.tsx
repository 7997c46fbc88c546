// The shared page states of docs/design.md: the list and page skeletons say what is loading (the
// skeletons themselves are hidden from screen readers), an empty list shows its title, hint and
// action, an empty page its h1 and one filled link, and a page header carries its description and
// actions.
import { Button } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../app/AppProviders';
import { createQueryClient } from '../app/query-client';
import { expectShown } from '../test/shown';
import { EmptyState } from './EmptyState';
import { CardGridLoading, ListEmpty, ListLoading } from './ListStates';
import { PageLoader } from './PageLoader';
import { PageTitle } from './PageTitle';

function renderWithTheme(children: ReactNode) {
  return render(
    <AppProviders queryClient={createQueryClient()} env="test">
      {children}
    </AppProviders>,
  );
}

describe('loading states', () => {
  it('show skeleton rows hidden from screen readers, with what is loading as a live status', () => {
    const { container } = renderWithTheme(<ListLoading label="Loading users..." />);
    const status = screen.getByRole('status');
    expectShown(within(status).getByText('Loading users...'));
    expect(status).toHaveTextContent(/^Loading users\.\.\.$/);
    const skeletons = container.querySelectorAll('.mantine-Skeleton-root');
    expect(skeletons.length).toBeGreaterThanOrEqual(9);
    for (const skeleton of skeletons) expect(skeleton.closest('[aria-hidden="true"]')).not.toBeNull();
  });

  it('show skeleton cards for a page of figure cards', () => {
    const { container } = renderWithTheme(<CardGridLoading label="Loading dashboard..." cards={3} />);
    expectShown(within(screen.getByRole('status')).getByText('Loading dashboard...'));
    expect(container.querySelectorAll('.mantine-Card-root')).toHaveLength(3);
  });

  it('show a page skeleton named Loading… rather than a spinner', () => {
    const { container } = renderWithTheme(<PageLoader />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    expect(container.querySelector('.mantine-Loader-root')).toBeNull();
    expect(container.querySelectorAll('.mantine-Skeleton-root').length).toBeGreaterThan(3);
  });
});

describe('ListEmpty', () => {
  it('shows the title, the hint and the action that fills the list', async () => {
    const onAdd = vi.fn();
    renderWithTheme(
      <ListEmpty
        icon={<svg data-testid="icon" />}
        title="No users found."
        hint="Invite team members to get started."
        action={<Button onClick={onAdd}>Add User</Button>}
      />,
    );
    expectShown(screen.getByText('No users found.'));
    expectShown(screen.getByText('Invite team members to get started.'));
    expect(screen.getByTestId('icon').closest('[aria-hidden="true"]')).not.toBeNull();
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Add User' }));
    expect(onAdd).toHaveBeenCalledOnce();
  });

  it('shows only the title when there is no hint or action', () => {
    renderWithTheme(<ListEmpty icon={<svg />} title="Nothing has been recorded yet." />);
    expectShown(screen.getByText('Nothing has been recorded yet.'));
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('EmptyState', () => {
  it('on a page: the title is the h1, one filled link and one in the secondary look', () => {
    renderWithTheme(
      <MemoryRouter>
        <EmptyState
          page
          icon={<span aria-hidden="true">404</span>}
          title="Page Not Found"
          hint="The page you are looking for does not exist."
          primary={{ to: '/', label: 'Go Home' }}
          secondary={{ to: '/contact', label: 'Contact Support', icon: <svg data-testid="icon" /> }}
        />
      </MemoryRouter>,
    );
    expectShown(screen.getByRole('heading', { level: 1, name: 'Page Not Found' }));
    expectShown(screen.getByText('The page you are looking for does not exist.'));
    const home = screen.getByRole('link', { name: 'Go Home' });
    expect(home).toHaveAttribute('href', '/');
    // Mantine's default variant is filled and is not marked.
    expect(home).not.toHaveAttribute('data-variant');
    const contact = screen.getByRole('link', { name: 'Contact Support' });
    expect(contact).toHaveAttribute('href', '/contact');
    expect(contact).toHaveAttribute('data-variant', 'default');
    expect(within(contact).getByTestId('icon')).toBeInTheDocument();
  });

  it('in a list: the title is a line, not a heading', () => {
    renderWithTheme(
      <MemoryRouter>
        <EmptyState
          icon={<svg />}
          title="No messages yet."
          primary={{ to: '/admin/alert', label: 'Write' }}
        />
      </MemoryRouter>,
    );
    expectShown(screen.getByText('No messages yet.'));
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Write' })).toHaveAttribute('href', '/admin/alert');
  });
});

describe('PageTitle', () => {
  it('names the page and the tab, with its description and actions', () => {
    renderWithTheme(
      <PageTitle
        description="Saved messages you send again and again."
        actions={<Button>New template</Button>}
      >
        Templates
      </PageTitle>,
    );
    expectShown(screen.getByRole('heading', { level: 1, name: 'Templates' }));
    expectShown(screen.getByText('Saved messages you send again and again.'));
    expectShown(screen.getByRole('button', { name: 'New template' }));
    expect(document.title).toMatch(/^Templates/);
  });
});
