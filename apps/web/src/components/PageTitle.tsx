import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useDocumentTitle } from './use-document-title';

type PageTitleProps = {
  /** The page's name: its main heading and the browser tab's title. */
  children: string;
  /** One or two sentences under the heading: what the page is for. */
  description?: ReactNode;
  /** Beside the heading, such as a status badge. */
  aside?: ReactNode;
  /** The page's main actions, at the right of the heading (under it on a phone). */
  actions?: ReactNode;
};

/** A page's header: its main heading, an optional description and actions; names the browser tab. */
export function PageTitle({ children, description, aside, actions }: PageTitleProps) {
  useDocumentTitle(children);
  const heading = (
    <Title order={1} style={{ overflowWrap: 'anywhere' }}>
      {children}
    </Title>
  );
  return (
    <Group justify="space-between" align="flex-end" gap="sm" mb="lg">
      <Stack gap={4} miw={0} style={{ flex: '1 1 20rem' }}>
        {aside ? (
          <Group gap="sm" wrap="nowrap">
            {heading}
            {aside}
          </Group>
        ) : (
          heading
        )}
        {description && (
          <Text c="dimmed" maw={720}>
            {description}
          </Text>
        )}
      </Stack>
      {actions && (
        <Group gap="sm" wrap="wrap">
          {actions}
        </Group>
      )}
    </Group>
  );
}
