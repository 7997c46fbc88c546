// /dev/outbox: what the development SMS and email providers stored instead of sending.
// Each tool is one card; more (e.g. simulating an inbound SMS) go below the messages.
import { Container, Stack, Text } from '@mantine/core';
import { PageTitle } from '../../components/PageTitle';
import { useTranslation } from '../../i18n/react';
import { InboundSmsForm } from './InboundSmsForm';
import { OutboxMessagesCard } from './OutboxMessagesCard';

export function DevOutboxPage() {
  const { t } = useTranslation('dev');
  return (
    <Container size="lg" py={{ base: 'md', sm: 'xl' }}>
      <PageTitle>{t('outbox.title')}</PageTitle>
      <Text c="dimmed" mt={-8} mb="lg" maw={720}>
        {t('outbox.intro')}
      </Text>
      <Stack gap="lg">
        <OutboxMessagesCard />
        <InboundSmsForm />
      </Stack>
    </Container>
  );
}
