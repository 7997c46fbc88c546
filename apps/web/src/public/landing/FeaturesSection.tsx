// Features (#features): what a station gets, one card per capability.
import { Card, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconCategory,
  IconClockHour8,
  IconDeviceDesktop,
  IconFileMusic,
  IconLanguage,
  IconMessage2,
  IconPalette,
  IconShieldCheck,
  IconUsers,
} from '@tabler/icons-react';
import { useTranslation } from '../../i18n/react';
import { LandingSection } from './LandingSection';
import { BODY_TEXT_COLOR } from './marketing-facts';

const FEATURES = [
  { key: 'sms', icon: IconMessage2 },
  { key: 'translation', icon: IconLanguage },
  { key: 'speech', icon: IconDeviceDesktop },
  { key: 'audio', icon: IconFileMusic },
  { key: 'types', icon: IconCategory },
  { key: 'compliance', icon: IconClockHour8 },
  { key: 'branding', icon: IconPalette },
  { key: 'team', icon: IconUsers },
  { key: 'privacy', icon: IconShieldCheck },
] as const;

export function FeaturesSection() {
  const { t } = useTranslation('landing');
  return (
    <LandingSection
      id="features"
      name="features"
      title={t('features.title')}
      subtitle={t('features.subtitle')}
    >
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {FEATURES.map(({ key, icon: Icon }) => (
          <Card key={key} withBorder padding="lg">
            <ThemeIcon size={44} radius="md" variant="light" mb="md">
              <Icon size={24} aria-hidden="true" />
            </ThemeIcon>
            <Title order={3} fz="lg" mb={6}>
              {t(`features.${key}.title`)}
            </Title>
            <Text c={BODY_TEXT_COLOR} fz="sm">
              {t(`features.${key}.text`)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </LandingSection>
  );
}
