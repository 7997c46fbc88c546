import { Container } from '@mantine/core';
import type { ReactNode } from 'react';
import { PageTitle } from './PageTitle';

/** Body of a public page: centred column with the page's title and an optional description. */
export function PublicPage({
  title,
  description,
  children,
}: {
  title: string;
  description?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Container size="lg" py={{ base: 'xl', sm: 48 }}>
      <PageTitle description={description}>{title}</PageTitle>
      {children}
    </Container>
  );
}
