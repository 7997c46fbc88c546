// A card holding one titled section of an admin page; its title also names the section for screen
// readers, so each card is a landmark of its own.
import { Card, Group, type MantineSpacing, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

type SectionCardProps = {
  title: ReactNode;
  /** Shown at the right of the title, such as a status badge. */
  aside?: ReactNode;
  /** The space under the title. */
  titleGap?: MantineSpacing;
  children: ReactNode;
};

export function SectionCard({ title, aside, titleGap = 'sm', children }: SectionCardProps) {
  const titleId = useId();
  const heading = (
    <Title order={2} fz="h3" mb={aside ? undefined : titleGap} id={titleId}>
      {title}
    </Title>
  );
  return (
    <Card withBorder shadow="sm" radius="md" p="lg" component="section" aria-labelledby={titleId}>
      {aside ? (
        <Group justify="space-between" align="flex-start" mb={titleGap}>
          {heading}
          {aside}
        </Group>
      ) : (
        heading
      )}
      {children}
    </Card>
  );
}
