// One dashboard card: a small quiet title that names the card for screen readers, an optional
// badge beside it, its figures, and a quiet (subtle) button to the page that manages them.
import { Box, Button, Card, Group, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { Link } from 'react-router';
import { formatCount } from '../../i18n/formats';

type DashboardCardProps = {
  title: string;
  aside?: ReactNode;
  /** Shown only when given: some pages are for admins only. */
  action?: { label: string; to: string };
  children: ReactNode;
};

export function DashboardCard({ title, aside, action, children }: DashboardCardProps) {
  const titleId = useId();
  return (
    <Card p="lg" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" align="flex-start" gap="xs" mb="sm" wrap="nowrap">
        <Title order={2} id={titleId} fz="sm" fw={600} c="dimmed">
          {title}
        </Title>
        {aside}
      </Group>
      <Box style={{ flex: 1 }}>{children}</Box>
      {action && (
        <Group justify="flex-end" mt="md">
          <Button component={Link} to={action.to} size="xs" variant="subtle">
            {action.label}
          </Button>
        </Group>
      )}
    </Card>
  );
}

/** The card's main figure in US formatting, with what it counts under it. */
export function BigNumber({
  value,
  caption,
  color,
  testId,
}: {
  value: number;
  caption: string;
  color?: string;
  testId?: string;
}) {
  return (
    <>
      <Text fz="h1" fw={600} lh={1.15} c={color} data-testid={testId}>
        {formatCount(value)}
      </Text>
      <Text fz="sm" c="dimmed">
        {caption}
      </Text>
    </>
  );
}
