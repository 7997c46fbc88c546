// An empty state (docs/design.md "Empty states"): a decorative mark, one line that says what is not
// there, a sentence on what to do, and the actions, of which only the one that fills the view is
// filled (docs/design.md "Actions", decision 0085). A list's is small, in its card; a whole page's
// (Page Not Found) has the title as its h1 and larger text.
import { Button, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A way on from the empty view: a link in a button, with its icon (decorative) if any. */
export type TEmptyStateLink = { to: string; label: string; icon?: ReactNode };

type EmptyStateProps = {
  /**
   * Decorative: in a list, a Tabler icon of about 24 px, shown in a light circle; on a page, the
   * mark as it is given (hidden from screen readers by the caller).
   */
  icon: ReactNode;
  /** One line: what is not there ("No messages yet"). */
  title: string;
  /** One sentence: what fills the view, or where to go. */
  hint?: ReactNode;
  /** The one filled action: the link that fills the view ("Write the first alert", "Go Home"). */
  primary?: TEmptyStateLink;
  /** Another way on, in the secondary look ("Start from a template", "Contact Support"). */
  secondary?: TEmptyStateLink;
  /** Other buttons, after the links (a list's "Add User", "Clear filters"). */
  action?: ReactNode;
  /** A whole page's state rather than a list's. */
  page?: boolean;
};

export function EmptyState({ icon, title, hint, primary, secondary, action, page = false }: EmptyStateProps) {
  const actions = (primary || secondary || action) && (
    <>
      {primary && (
        <Button component={Link} to={primary.to} leftSection={primary.icon}>
          {primary.label}
        </Button>
      )}
      {secondary && (
        <Button component={Link} to={secondary.to} variant="default" leftSection={secondary.icon}>
          {secondary.label}
        </Button>
      )}
      {action}
    </>
  );
  if (page) {
    return (
      <Stack align="center" ta="center" gap="md">
        {icon}
        <Title order={1}>{title}</Title>
        {hint && (
          <Text c="dimmed" fz="lg">
            {hint}
          </Text>
        )}
        {actions && (
          <Group justify="center" mt="md">
            {actions}
          </Group>
        )}
      </Stack>
    );
  }
  return (
    <Stack align="center" gap={6} py="xl" px="md" ta="center">
      <ThemeIcon size={48} radius={999} variant="light" mb="xs" aria-hidden="true">
        {icon}
      </ThemeIcon>
      <Text fw={500} maw={520}>
        {title}
      </Text>
      {hint && (
        <Text fz="sm" c="dimmed" maw={440}>
          {hint}
        </Text>
      )}
      {actions && (
        <Group justify="center" mt="sm">
          {actions}
        </Group>
      )}
    </Stack>
  );
}
