// A titled gallery section of captioned screenshots on the platform overview page.
import { Box, Container, SimpleGrid, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { BODY_TEXT_COLOR } from '../landing/marketing-facts';
import { Screenshot } from '../landing/Screenshot';

export type TGalleryShot = { file: string; alt: string; caption: string };

type ScreenshotGalleryProps = {
  name: string;
  title: string;
  text: string;
  shots: TGalleryShot[];
  /** The first gallery is above the fold: load its first image at once. */
  eagerFirst?: boolean;
  background?: string;
  children?: ReactNode;
};

export function ScreenshotGallery({
  name,
  title,
  text,
  shots,
  eagerFirst = false,
  background,
  children,
}: ScreenshotGalleryProps) {
  const headingId = `${name}-heading`;
  const isSingle = shots.length === 1;
  return (
    <Box component="section" aria-labelledby={headingId} py={{ base: 40, sm: 56 }} bg={background}>
      <Container size="lg">
        <Title order={2} id={headingId} mb="xs">
          {title}
        </Title>
        <Text c={BODY_TEXT_COLOR} fz="lg" maw={760} mb={children ? 'xs' : 'xl'}>
          {text}
        </Text>
        {children}
        <SimpleGrid
          cols={{ base: 1, md: isSingle ? 1 : 2 }}
          spacing="xl"
          verticalSpacing={40}
          // A lone screenshot at full container width would dwarf the page.
          maw={isSingle ? 880 : undefined}
        >
          {shots.map((shot, index) => (
            <Screenshot key={shot.file} {...shot} eager={eagerFirst && index === 0} />
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
