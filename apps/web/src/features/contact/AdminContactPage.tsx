// /admin/contact: the contact form inside the admin area, sent as the signed-in user (no bot check).
import { Card, Stack, Text } from '@mantine/core';
import { useSessionUser } from '../../app/session-user';
import { PageTitle } from '../../components/PageTitle';
import { useTranslation } from '../../i18n/react';
import { ContactForm } from './ContactForm';

export function AdminContactPage() {
  const { t } = useTranslation('contact');
  const user = useSessionUser();
  return (
    <Stack gap={0} maw={760}>
      <PageTitle>{t('adminTitle')}</PageTitle>
      <Stack gap="xs" mb="lg">
        <Text>{t('adminIntro')}</Text>
        <Text c="dimmed" fz="sm">
          {t('supportHours')}
        </Text>
      </Stack>
      <Card p="lg">
        <ContactForm account={{ name: user.fullName, email: user.email }} />
      </Card>
    </Stack>
  );
}
