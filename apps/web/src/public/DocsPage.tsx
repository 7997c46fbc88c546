// The documentation index: the guides (station setup, SMS compliance, the desktop app) and the API
// reference, each a page of its own, and the version of Message Station they describe (the one the
// footer shows).
import { Button, Card, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { APP_VERSION } from '@message-station/shared/catalogue';
import { IconApi, IconBook2, IconDeviceDesktop, IconMessage2, type TablerIcon } from '@tabler/icons-react';
import { Link } from 'react-router';
import { PublicPage } from '../components/PublicPage';
import { useTranslation } from '../i18n/react';

type TDocsEntry = { key: 'setup' | 'sms' | 'desktop' | 'api'; icon: TablerIcon; to: string };

const DOCS_ENTRIES: TDocsEntry[] = [
  { key: 'setup', icon: IconBook2, to: '/docs/setup' },
  { key: 'sms', icon: IconMessage2, to: '/docs/sms' },
  { key: 'desktop', icon: IconDeviceDesktop, to: '/docs/desktop' },
  { key: 'api', icon: IconApi, to: '/docs/api' },
];

function DocsCard({ entry }: { entry: TDocsEntry }) {
  const { t } = useTranslation('docs');
  const Icon = entry.icon;
  return (
    <Card withBorder radius="md" p="lg" component="article">
      <Stack gap="sm" h="100%">
        <ThemeIcon size={44} radius="md" variant="light" color="blue">
          <Icon size={24} aria-hidden="true" />
        </ThemeIcon>
        <Title order={2} fz="h4">
          {t(`index.${entry.key}.title`)}
        </Title>
        <Text c="dimmed" fz="sm" style={{ flex: 1 }}>
          {t(`index.${entry.key}.text`)}
        </Text>
        {/* A long label (in Spanish) wraps on a phone rather than running out of the card. */}
        <Button
          component={Link}
          to={entry.to}
          variant="light"
          h="auto"
          py={8}
          styles={{ label: { whiteSpace: 'normal', lineHeight: 1.35 } }}
          style={{ alignSelf: 'flex-start' }}
        >
          {t(`index.${entry.key}.read`)}
        </Button>
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
        {t('index.version', { version: APP_VERSION })}
      </Text>
    </PublicPage>
  );
}
