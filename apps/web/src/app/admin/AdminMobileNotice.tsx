// Inside the admin layout on a phone (decision 0043), in place of a page made for larger screens:
// says so, and leads to the pages that work on a phone.
import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconDeviceDesktop,
  IconDeviceDesktopAnalytics,
  IconLayoutDashboard,
  IconMessages,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../components/use-document-title';
import { useTranslation } from '../../i18n/react';

const PHONE_PAGES = [
  { key: 'dashboard', to: '/admin/dashboard', icon: IconLayoutDashboard },
  { key: 'messages', to: '/admin/messages', icon: IconMessages },
  { key: 'machines', to: '/admin/machines', icon: IconDeviceDesktop },
] as const;

export function AdminMobileNotice() {
  const { t } = useTranslation('admin');
  useDocumentTitle(t('mobile.title'));
  return (
    <Center py="xl">
      <Stack align="center" ta="center" gap="md" maw={420}>
        <ThemeIcon size={56} radius="xl" variant="light" aria-hidden="true">
          <IconDeviceDesktopAnalytics size={30} />
        </ThemeIcon>
        <Title order={1} fz="h2">
          {t('mobile.title')}
        </Title>
        <Text c="dimmed">{t('mobile.text')}</Text>
        <Text fw={500}>{t('mobile.phonePages')}</Text>
        <Stack gap="xs" w="100%" maw={280}>
          {PHONE_PAGES.map(({ key, to, icon: Icon }) => (
            <Button
              key={key}
              component={Link}
              to={to}
              variant="light"
              fullWidth
              leftSection={<Icon size={18} aria-hidden="true" />}
            >
              {t(`nav.${key}`)}
            </Button>
          ))}
        </Stack>
      </Stack>
    </Center>
  );
}
