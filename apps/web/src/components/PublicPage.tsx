import { Container } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageTitle } from './PageTitle';

/** Body of a public page: centred column with the page's title. */
export function PublicPage({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Container size="lg" py="xl">
      <PageTitle>{title}</PageTitle>
      {children}
    </Container>
  );
}
