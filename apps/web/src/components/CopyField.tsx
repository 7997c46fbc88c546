// A labelled value in monospace with a copy button (and optional extra actions after it), for
// addresses and IDs people paste elsewhere.
import { ActionIcon, Code, CopyButton, Group, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type CopyFieldProps = {
  label: string;
  value: string;
  labelWidth: number;
  texts: { copy: string; copied: string; copyAria: string };
  /** Marks the row for tests and styles, e.g. data-public-link. */
  dataAttribute: string;
  children?: ReactNode;
};

export function CopyField({ label, value, labelWidth, texts, dataAttribute, children }: CopyFieldProps) {
  return (
    // The value and its buttons keep at least 200px: on a phone they go under the label.
    <Group gap="xs" wrap="wrap" {...{ [dataAttribute]: label }}>
      <Text fz="sm" fw={500} w={labelWidth} miw={labelWidth}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap" style={{ flex: 1, minWidth: 200 }}>
        <Code style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>{value}</Code>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? texts.copied : texts.copy} withArrow>
              <ActionIcon
                variant="subtle"
                color={copied ? 'teal' : 'gray'}
                onClick={copy}
                aria-label={texts.copyAria}
              >
                {copied ? (
                  <IconCheck size={16} aria-hidden="true" />
                ) : (
                  <IconCopy size={16} aria-hidden="true" />
                )}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
        {children}
      </Group>
    </Group>
  );
}
