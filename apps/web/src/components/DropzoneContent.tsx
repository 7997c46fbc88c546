// What a Dropzone shows inside: an icon for idle, accept and reject, a title and the rules.
import { Group, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { IconUpload, IconX } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export function DropzoneContent({
  idleIcon,
  title,
  hint,
  minHeight,
}: {
  idleIcon: ReactNode;
  title: string;
  hint: string;
  minHeight: number;
}) {
  return (
    <Group justify="center" gap="md" mih={minHeight} wrap="nowrap" style={{ pointerEvents: 'none' }}>
      <Dropzone.Accept>
        <IconUpload size={40} color="var(--mantine-color-blue-6)" aria-hidden="true" />
      </Dropzone.Accept>
      <Dropzone.Reject>
        <IconX size={40} color="var(--mantine-color-red-6)" aria-hidden="true" />
      </Dropzone.Reject>
      <Dropzone.Idle>{idleIcon}</Dropzone.Idle>
      <Stack gap={4}>
        <Text fw={500}>{title}</Text>
        <Text fz="sm" c="dimmed">
          {hint}
        </Text>
      </Stack>
    </Group>
  );
}
