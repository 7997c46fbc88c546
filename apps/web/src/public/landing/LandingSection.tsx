// A marketing page section: a landmark named by its centred h2, with an optional subtitle.
import { Box, Container, Stack, Text, Title } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import { BODY_TEXT_COLOR } from './marketing-facts';

type LandingSectionProps = {
  /** Anchor target for links like /#pricing. */
  id?: string;
  /** Also the prefix of the heading's id, which names the section for screen readers. */
  name: string;
  title: string;
  subtitle?: string;
  background?: string;
  size?: 'sm' | 'md' | 'lg';
  children: ReactNode;
};

const SECTION_STYLE: CSSProperties = {
  // Keeps the section title clear of the sticky 64 px header after a hash jump.
  scrollMarginTop: 64,
  // A section out of view is laid out and painted when it comes near the viewport, not all at
  // once on load (the page is long on a phone). The size is a placeholder until then.
  contentVisibility: 'auto',
  containIntrinsicSize: 'auto 900px',
};

export function LandingSection({
  id,
  name,
  title,
  subtitle,
  background,
  size = 'lg',
  children,
}: LandingSectionProps) {
  const headingId = `${name}-heading`;
  return (
    <Box
      component="section"
      id={id}
      aria-labelledby={headingId}
      py={{ base: 56, sm: 80 }}
      bg={background}
      style={SECTION_STYLE}
    >
      <Container size={size}>
        <Stack align="center" ta="center" gap="xs" mb="xl" maw={720} mx="auto">
          <Title order={2} id={headingId} fz="h1">
            {title}
          </Title>
          {subtitle && (
            <Text c={BODY_TEXT_COLOR} fz="lg">
              {subtitle}
            </Text>
          )}
        </Stack>
        {children}
      </Container>
    </Box>
  );
}
