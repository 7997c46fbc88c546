// The loading, empty and load-failed states every admin list shows (docs/design.md "Empty states"
// and "Loading"): skeleton rows shaped like the list, an icon with a title, a hint and the action
// that fills the list, and an error with Retry.
import { Alert, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ComponentProps } from 'react';
import { EmptyState } from './EmptyState';

/** The widths of the skeleton rows' cells: uneven, as real rows are. */
const SKELETON_ROWS = [
  { id: 'a', cells: ['24%', '36%', '14%', '10%'] },
  { id: 'b', cells: ['18%', '42%', '12%', '10%'] },
  { id: 'c', cells: ['28%', '30%', '16%', '10%'] },
  { id: 'd', cells: ['20%', '34%', '12%', '10%'] },
];

/** Skeleton rows in the shape of a list, with what is loading said under them (a live status). */
export function ListLoading({ label, rows = 3 }: { label: string; rows?: number }) {
  return (
    <Stack gap="sm" py="xs" role="status">
      <Stack gap={0} aria-hidden="true">
        {SKELETON_ROWS.slice(0, rows).map((row) => (
          <Group
            key={row.id}
            gap="lg"
            wrap="nowrap"
            py="sm"
            style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
          >
            {row.cells.map((width, index) => (
              <Skeleton
                // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholder cells, never reordered
                key={index}
                h={12}
                w={width}
                radius="sm"
                ml={index === row.cells.length - 1 ? 'auto' : undefined}
              />
            ))}
          </Group>
        ))}
      </Stack>
      <Text fz="sm" c="dimmed" ta="center">
        {label}
      </Text>
    </Stack>
  );
}

const SKELETON_CARDS = ['a', 'b', 'c', 'd', 'e', 'f'];

/** Skeleton cards in a grid, for a page made of figure cards (the dashboard), with its status. */
export function CardGridLoading({ label, cards = 6 }: { label: string; cards?: number }) {
  return (
    <Stack gap="sm" role="status">
      <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing={{ base: 'md', sm: 'lg' }} aria-hidden="true">
        {SKELETON_CARDS.slice(0, cards).map((id) => (
          <Card key={id} p="lg">
            <Stack gap="sm">
              <Skeleton h={12} w="45%" radius="sm" />
              <Skeleton h={32} w="30%" radius="sm" />
              <Skeleton h={12} w="60%" radius="sm" />
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <Text fz="sm" c="dimmed" ta="center">
        {label}
      </Text>
    </Stack>
  );
}

/** An empty list: the list look of EmptyState (an icon, a one-line title, a hint, the action). */
export function ListEmpty(props: Omit<ComponentProps<typeof EmptyState>, 'page'>) {
  return <EmptyState {...props} />;
}

export function ListLoadFailed({
  message,
  retryLabel,
  onRetry,
}: {
  message: string;
  retryLabel: string;
  onRetry: () => void;
}) {
  return (
    <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden="true" />}>
      <Stack gap="xs" align="flex-start">
        <Text fz="sm">{message}</Text>
        <Button size="xs" variant="white" color="red" onClick={onRetry}>
          {retryLabel}
        </Button>
      </Stack>
    </Alert>
  );
}
