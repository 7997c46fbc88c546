// A card of labelled figures, the phone's form of a table row (the Delivery tab's languages and
// recipients): every figure under its label, none pushed out of sight, numbers kept on one line.
import { Box, Paper, SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export type TFigure = {
  label: string;
  value: ReactNode;
  color?: string;
  /** Words and dates may wrap; numbers (the default) stay on one line. */
  wraps?: boolean;
  /** Under the value: a failure's reason, say. */
  note?: ReactNode;
};

type FigureCardProps = {
  title: ReactNode;
  figures: TFigure[];
  cols?: number;
  'data-language'?: string;
};

export function FigureCard({ title, figures, cols = 3, ...data }: FigureCardProps) {
  return (
    <Paper withBorder p="xs" radius="sm" role="listitem" {...data}>
      <Text fw={600} fz="sm" mb={4}>
        {title}
      </Text>
      <SimpleGrid cols={cols} spacing="xs" verticalSpacing={6}>
        {figures.map((figure) => (
          <Box key={figure.label} miw={0}>
            <Text fz="xs" c="dimmed">
              {figure.label}
            </Text>
            <Text
              fz="sm"
              fw={500}
              c={figure.color}
              style={figure.wraps ? undefined : { whiteSpace: 'nowrap' }}
            >
              {figure.value}
            </Text>
            {figure.note}
          </Box>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
