import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconHome, IconLifebuoy } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../components/use-document-title';
import { useTranslation } from '../i18n/react';

export function NotFoundPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.title'));

  return (
    <Container size="sm" py={80}>
      <Stack align="center" ta="center" gap="md">
        {/* Large text: blue.6 reads at 3.6:1 on white, above the 3:1 AA asks of text this size. */}
        <Text fz="h1" fw={600} lh={1} c="blue.6" aria-hidden="true">
          {t('notFound.code')}
        </Text>
        <Title order={1}>{t('notFound.title')}</Title>
        <Text c="dimmed" fz="lg">
          {t('notFound.text')}
        </Text>
        <Group justify="center" mt="md">
          <Button component={Link} to="/" leftSection={<IconHome size={18} aria-hidden="true" />}>
            {t('notFound.goHome')}
          </Button>
          <Button
            component={Link}
            to="/contact"
            variant="default"
            leftSection={<IconLifebuoy size={18} aria-hidden="true" />}
          >
            {t('notFound.contactSupport')}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
