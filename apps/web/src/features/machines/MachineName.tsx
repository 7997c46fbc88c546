// A machine's name beside the desktop icon: the Machines table's first cell, a phone card's title.
import { Group, Text, type TextProps } from '@mantine/core';
import { IconDeviceDesktop } from '@tabler/icons-react';

export function MachineName({ name, ...text }: { name: string } & Pick<TextProps, 'fw' | 'fz'>) {
  return (
    <Group gap={8} wrap="nowrap">
      <IconDeviceDesktop
        size={18}
        aria-hidden="true"
        color="var(--mantine-color-teal-6)"
        style={{ flexShrink: 0 }}
      />
      <Text {...text} style={{ overflowWrap: 'anywhere' }}>
        {name}
      </Text>
    </Group>
  );
}
