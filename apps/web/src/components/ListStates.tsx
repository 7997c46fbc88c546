// The loading and load-failed states every admin list shows (with Retry).
import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

export function ListLoading({ label }: { label: string }) {
  return (
    <Center py="xl" role="status">
      <Group gap="sm">
        <Loader size="sm" aria-hidden="true" />
        <Text c="dimmed">{label}</Text>
      </Group>
    </Center>
  );
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
