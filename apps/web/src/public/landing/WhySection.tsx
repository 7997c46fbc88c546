// Why a station needs multilingual alerts, in four short points.
import { Card, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBroadcast, IconHeart, IconLanguage, IconUserCheck } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/react';
import { LandingSection } from './LandingSection';
import { BODY_TEXT_COLOR } from './marketing-facts';

const REASONS = [
  { key: 'once', icon: IconLanguage },
  { key: 'choice', icon: IconUserCheck },
  { key: 'channels', icon: IconBroadcast },
  { key: 'trust', icon: IconHeart },
] as const;

export function WhySection() {
  const { t } = useTranslation('landing');
  return (
    <LandingSection name="why" title={t('why.title')} subtitle={t('why.subtitle')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        {REASONS.map(({ key, icon: Icon }) => (
          <Card key={key} withBorder padding="lg">
            <ThemeIcon size={44} radius="md" variant="light" mb="md">
              <Icon size={24} aria-hidden="true" />
            </ThemeIcon>
            <Title order={3} fz="lg" mb={6}>
              {t(`why.${key}.title`)}
            </Title>
            <Text c={BODY_TEXT_COLOR}>{t(`why.${key}.text`)}</Text>
          </Card>
        ))}
      </SimpleGrid>
    </LandingSection>
  );
}
