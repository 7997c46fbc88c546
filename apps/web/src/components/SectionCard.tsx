// A card holding one titled section of an admin page; its title also names the section for screen
// readers, so each card is a landmark of its own. Card look from the theme (docs/design.md "Cards").
import { Card, Group, type MantineSpacing, Text, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

type SectionCardProps = {
  title: ReactNode;
  /** One sentence under the title: what the section is for. */
  description?: ReactNode;
  /** Shown at the right of the title, such as a status badge. */
  aside?: ReactNode;
  /** The space under the title. */
  titleGap?: MantineSpacing;
  children: ReactNode;
};

export function SectionCard({ title, description, aside, titleGap = 'md', children }: SectionCardProps) {
  const titleId = useId();
  const heading = (
    <div>
      <Title order={2} fz="h3" id={titleId}>
        {title}
      </Title>
      {description && (
        <Text fz="sm" c="dimmed" mt={4}>
          {description}
        </Text>
      )}
    </div>
  );
  return (
    <Card p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={titleId}>
      <Group justify="space-between" align="flex-start" gap="sm" mb={titleGap}>
        {heading}
        {aside}
      </Group>
      {children}
    </Card>
  );
}
