// /contact: the public contact form with its bot check, between the public header and footer.
import { Container, Paper, Stack, Text } from '@mantine/core';
import { PageTitle } from '../../components/PageTitle';
import { useTranslation } from '../../i18n/react';
import { ContactForm } from './ContactForm';

export function ContactPage() {
  const { t } = useTranslation('contact');
  return (
    <Container size={760} py="xl">
      <PageTitle>{t('title')}</PageTitle>
      <Stack gap="xs" mb="lg">
        <Text>{t('intro')}</Text>
        <Text c="dimmed" fz="sm">
          {t('supportHours')}
        </Text>
      </Stack>
      <Paper withBorder shadow="xs" radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <ContactForm />
      </Paper>
    </Container>
  );
}
