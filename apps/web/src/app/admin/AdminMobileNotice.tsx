import { Button, Center, Image, Stack, Text, Title } from '@mantine/core';
import { IconHome } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../components/use-document-title';

/** Replaces the whole admin area at widths of 768px or less. */
export function AdminMobileNotice() {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('mobile.title'));
  return (
    <Center mih="100vh" p="lg" bg="gray.0">
      <Stack align="center" ta="center" gap="md" maw={420}>
        <Image src="/logo.svg" alt="" w={64} h={64} />
        <Title order={1} fz={26}>
          {t('mobile.title')}
        </Title>
        <Text c="dimmed">{t('mobile.text')}</Text>
        <Button component={Link} to="/" leftSection={<IconHome size={18} aria-hidden="true" />}>
          {t('mobile.returnHome')}
        </Button>
      </Stack>
    </Center>
  );
}
