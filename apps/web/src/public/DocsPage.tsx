// The documentation index (spec §2 /docs): the SMS compliance guide, the guides still to come,
// and the platform version.
import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { PLATFORM_VERSION } from '@message-station/shared';
import { IconApi, IconBook2, IconDeviceDesktop, IconMessage2, type TablerIcon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PublicPage } from '../components/PublicPage';

type TDocsEntry = { key: 'sms' | 'api' | 'setup' | 'desktop'; icon: TablerIcon; to?: string };

const DOCS_ENTRIES: TDocsEntry[] = [
  { key: 'sms', icon: IconMessage2, to: '/docs/sms' },
  { key: 'api', icon: IconApi },
  { key: 'setup', icon: IconBook2 },
  { key: 'desktop', icon: IconDeviceDesktop },
];

function DocsCard({ entry }: { entry: TDocsEntry }) {
  const { t } = useTranslation('docs');
  const Icon = entry.icon;
  return (
    <Card withBorder radius="md" p="lg" component="article" data-available={Boolean(entry.to)}>
      <Stack gap="sm" h="100%">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <ThemeIcon size={44} radius="md" variant="light" color={entry.to ? 'blue' : 'gray'}>
            <Icon size={24} aria-hidden="true" />
          </ThemeIcon>
          <Badge color={entry.to ? 'green' : 'gray'} variant="light">
            {entry.to ? t('index.available') : t('index.comingSoon')}
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
