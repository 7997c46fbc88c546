// The frame of the signed-out account pages (forgot and reset password): a narrow titled card.
import { Container, Paper, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../components/use-document-title';

type TAuthCardProps = {
  title: string;
  subtitle?: string;
  children: ReactNode;
  /** Under the card, e.g. a link back to sign in. */
  footer?: ReactNode;
};

export function AuthCard({ title, subtitle, children, footer }: TAuthCardProps) {
  useDocumentTitle(title);
  return (
    <Container size={460} py={{ base: 40, sm: 72 }}>
      <Title order={1} ta="center">
        {title}
      </Title>
      {subtitle && (
        <Text c="dimmed" ta="center" mt={6}>
          {subtitle}
        </Text>
      )}
      <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 30 }} mt="xl" radius="md">
        {children}
      </Paper>
      {footer}
    </Container>
  );
}
