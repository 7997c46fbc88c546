// Landing page: hero, features and pricing (the full marketing page comes later).
import {
  Box,
  Button,
  Card,
  Container,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import {
  IconCategory,
  IconCheck,
  IconDeviceDesktop,
  IconFileMusic,
  IconLanguage,
  IconMessage2,
  IconShieldCheck,
} from '@tabler/icons-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useDocumentTitle } from '../components/use-document-title';

const FEATURES = [
  { key: 'sms', icon: IconMessage2 },
  { key: 'translation', icon: IconLanguage },
  { key: 'speech', icon: IconDeviceDesktop },
  { key: 'audio', icon: IconFileMusic },
  { key: 'types', icon: IconCategory },
  { key: 'privacy', icon: IconShieldCheck },
] as const;

const PRICING_ITEMS = [
  'unlimitedTranslations',
  'branding',
  'desktopApp',
  'subscribers',
  'extraCredits',
  'rollover',
] as const;

/** Links like /#pricing land here before the section exists, so scroll once it is rendered. */
function useScrollToHash() {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: 'start' });
  }, [hash]);
}

function Hero() {
  const { t } = useTranslation('public');
  return (
    <Box
      py={{ base: 56, sm: 96 }}
      style={{
        background:
          'linear-gradient(180deg, var(--mantine-color-blue-0) 0%, var(--mantine-color-white) 100%)',
      }}
    >
      <Container size="md">
        <Stack align="center" ta="center" gap="lg">
          <Text
            component="p"
            fz="xs"
            fw={700}
            tt="uppercase"
            c="blue.8"
            bg="blue.1"
            px="sm"
            py={4}
            style={{ borderRadius: 'var(--mantine-radius-sm)', letterSpacing: '0.05em' }}
          >
            {t('landing.hero.eyebrow')}
          </Text>
          <Title order={1} fz={{ base: 40, sm: 56 }} lh={1.1}>
            {t('landing.hero.title')}
          </Title>
          <Text fz={{ base: 'lg', sm: 22 }} c="dark.6" maw={680}>
            {t('landing.hero.pitch')}
          </Text>
          <Text c="dimmed" maw={600}>
            {t('landing.hero.audience')}
          </Text>
          <Group justify="center" gap="sm">
            <Button component={Link} to="/signup" size="lg">
              {t('landing.hero.createStation')}
            </Button>
            <Button component={Link} to="/admin/login" size="lg" variant="default">
              {t('landing.hero.stationLogin')}
            </Button>
          </Group>
        </Stack>
      </Container>
    </Box>
  );
}

function Features() {
  const { t } = useTranslation('public');
  return (
    <Box component="section" id="features" py={72} style={{ scrollMarginTop: 64 }}>
      <Container size="lg">
        <Stack align="center" ta="center" gap="xs" mb="xl">
          <Title order={2}>{t('landing.features.title')}</Title>
          <Text c="dimmed">{t('landing.features.subtitle')}</Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {FEATURES.map(({ key, icon: Icon }) => (
            <Card key={key} withBorder padding="lg">
              <ThemeIcon size={44} radius="md" variant="light" mb="md">
                <Icon size={24} aria-hidden="true" />
              </ThemeIcon>
              <Title order={3} fz="lg" mb={6}>
                {t(`landing.features.${key}.title`)}
              </Title>
              <Text c="dimmed" fz="sm">
                {t(`landing.features.${key}.text`)}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}

function Pricing() {
  const { t } = useTranslation('public');
  return (
    <Box component="section" id="pricing" py={72} bg="gray.0" style={{ scrollMarginTop: 64 }}>
      <Container size="sm">
        <Stack align="center" ta="center" gap="xs" mb="xl">
          <Title order={2}>{t('landing.pricing.title')}</Title>
          <Text c="dimmed">{t('landing.pricing.subtitle')}</Text>
        </Stack>
        <Card withBorder shadow="sm" padding="xl" maw={440} mx="auto">
          <Text fw={600} c="blue.7">
            {t('landing.pricing.planName')}
          </Text>
          <Group gap={4} align="baseline" my="xs">
            <Text fz={48} fw={800} lh={1}>
              {t('landing.pricing.price')}
            </Text>
            <Text c="dimmed">{t('landing.pricing.perMonth')}</Text>
          </Group>
          <Text fw={600} mb="md">
            {t('landing.pricing.included')}
          </Text>
          <List
            spacing="xs"
            fz="sm"
            icon={
              <ThemeIcon size={20} radius="xl" color="teal">
                <IconCheck size={12} aria-hidden="true" />
              </ThemeIcon>
            }
          >
            {PRICING_ITEMS.map((key) => (
              <List.Item key={key}>{t(`landing.pricing.${key}`)}</List.Item>
            ))}
          </List>
          <Button component={Link} to="/signup" fullWidth mt="xl" size="md">
            {t('landing.pricing.cta')}
          </Button>
        </Card>
      </Container>
    </Box>
  );
}

export function LandingPage() {
  useDocumentTitle();
  useScrollToHash();
  return (
    <>
      <Hero />
      <Features />
      <Pricing />
    </>
  );
}
