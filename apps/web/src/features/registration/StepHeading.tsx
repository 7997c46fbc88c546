import { Stack, Text, Title } from '@mantine/core';

/** Heading and one-line explanation at the top of a wizard step. */
export function StepHeading({ title, intro }: { title: string; intro?: string }) {
  return (
    <Stack gap={4} mb="lg">
      <Title order={2} fz="h3">
        {title}
      </Title>
      {intro && <Text c="dimmed">{intro}</Text>}
    </Stack>
  );
}
