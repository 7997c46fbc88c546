// The frame of the signed-out account pages (forgot and reset password): a narrow titled card.
import { Alert, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
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
      <Paper withBorder shadow="xs" p={{ base: 'lg', sm: 32 }} mt="xl" radius="lg">
        {children}
      </Paper>
      {footer}
    </Container>
  );
}

/** A link that cannot be used (reset, invitation): the reason, an optional note, and where to go. */
export function LinkProblemCard(props: {
  title: string;
  message: string;
  note?: string;
  action: { to: string; label: string };
}) {
  return (
    <AuthCard title={props.title}>
      <Stack>
        <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden="true" />} role="alert">
          {props.message}
        </Alert>
        {props.note && (
          <Text fz="sm" c="dimmed">
            {props.note}
          </Text>
        )}
        <Button component={Link} to={props.action.to} variant="default" fullWidth>
          {props.action.label}
        </Button>
      </Stack>
    </AuthCard>
  );
}
