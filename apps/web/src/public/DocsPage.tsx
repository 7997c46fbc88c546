// The documentation index: the SMS compliance guide, the API reference (a page the
// server renders from the OpenAPI document), the guides still to come, and the platform version.
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { PLATFORM_VERSION } from '@message-station/shared/catalogue';
import { IconApi, IconBook2, IconDeviceDesktop, IconMessage2, type TablerIcon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PublicPage } from '../components/PublicPage';

/** `href`: a page of the server, not of this app (a full page load), opened by the `read` button. */
type TDocsEntry = {
  key: 'sms' | 'api' | 'setup' | 'desktop';
  icon: TablerIcon;
  to?: string;
  href?: { url: string; read: 'index.api.read' };
};

const DOCS_ENTRIES: TDocsEntry[] = [
  { key: 'sms', icon: IconMessage2, to: '/docs/sms' },
  { key: 'api', icon: IconApi, href: { url: '/docs/api', read: 'index.api.read' } },
  { key: 'setup', icon: IconBook2 },
  { key: 'desktop', icon: IconDeviceDesktop },
];

function DocsCard({ entry }: { entry: TDocsEntry }) {
  const { t } = useTranslation('docs');
  const Icon = entry.icon;
  const available = Boolean(entry.to ?? entry.href);
  return (
    <Card withBorder radius="md" p="lg" component="article" data-available={available}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <ThemeIcon size={44} radius="md" variant="light" color={available ? 'blue' : 'gray'}>
            <Icon size={24} aria-hidden="true" />
          </ThemeIcon>
          <Badge color={available ? 'green' : 'gray'} variant="light">
            {available ? t('index.available') : t('index.comingSoon')}
          </Badge>
        </Group>
        <Title order={2} fz="h4">
          {t(`index.${entry.key}.title`)}
        </Title>
        <Text c="dimmed" fz="sm" style={{ flex: 1 }}>
          {t(`index.${entry.key}.text`)}
        </Text>
        {entry.to && (
          <Button component={Link} to={entry.to} variant="light" style={{ alignSelf: 'flex-start' }}>
            {t('index.read')}
          </Button>
        )}
        {entry.href && (
          <Button component="a" href={entry.href.url} variant="light" style={{ alignSelf: 'flex-start' }}>
            {t(entry.href.read)}
          </Button>
        )}
      </Stack>
    </Card>
  );
}

export function DocsPage() {
  const { t } = useTranslation('docs');
  return (
    <PublicPage title={t('index.title')}>
      <Text c="dimmed" mb="xl" mt={-8}>
        {t('index.intro')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        {DOCS_ENTRIES.map((entry) => (
          <DocsCard key={entry.key} entry={entry} />
        ))}
      </SimpleGrid>
      <Text c="dimmed" fz="sm" mt="xl" ta="center">
        {t('index.platformVersion', { version: PLATFORM_VERSION })}
      </Text>
    </PublicPage>
  );
}
