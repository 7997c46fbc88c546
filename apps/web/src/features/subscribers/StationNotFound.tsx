// Unknown station, or its info could not be loaded (any failure shows this screen).
import { Button, Container, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBroadcastOff } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../components/use-document-title';
import { useTranslation } from '../../i18n/react';

export function StationNotFound() {
  const { t } = useTranslation('subscribers');
  useDocumentTitle(t('notFound.title'));
  return (
    <Container size={560} px={{ base: 'xs', xs: 'md' }} py={{ base: 'md', sm: 'xl' }}>
      <Paper withBorder shadow="xs" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light" color="gray">
            <IconBroadcastOff size={30} aria-hidden="true" />
          </ThemeIcon>
          <Title order={1} fz="h2">
            {t('notFound.title')}
          </Title>
          <Text c="dimmed">{t('notFound.text')}</Text>
          <Button component={Link} to="/" variant="default">
            {t('notFound.goHome')}
          </Button>
        </Stack>
      </Paper>
    </Container>
  );
}
