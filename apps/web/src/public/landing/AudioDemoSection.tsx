// Audio demo: the same message read by the desktop app in English and Spanish, each with its transcript.
import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import { useTranslation } from '../../i18n/react';
import { LandingSection } from './LandingSection';
import { BODY_TEXT_COLOR } from './marketing-facts';

// `lang` marks each transcript's own language for screen readers, whatever the page language is.
const DEMOS = [
  { key: 'english', lang: 'en', src: '/audio/demo-en.mp3' },
  { key: 'spanish', lang: 'es', src: '/audio/demo-es.mp3' },
] as const;

export function AudioDemoSection() {
  const { t } = useTranslation('landing');
  return (
    <LandingSection name="audio-demo" title={t('audio.title')} subtitle={t('audio.subtitle')} size="md">
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        {DEMOS.map(({ key, lang, src }) => (
          <Card key={key} withBorder padding="lg">
            <Title order={3} fz="lg" mb="sm">
              {t(`audio.${key}.title`)}
            </Title>
            {/* biome-ignore lint/a11y/useMediaCaption: the full transcript is printed right below the player. */}
            <audio
              controls
              preload="none"
              src={src}
              aria-label={t(`audio.${key}.player`)}
              style={{ width: '100%' }}
            >
              {t('audio.unsupported')}
            </audio>
            <Text fz="sm" fw={600} mt="md" mb={4}>
              {t('audio.transcriptLabel')}
            </Text>
            <Text component="blockquote" lang={lang} m={0} c={BODY_TEXT_COLOR} fz="sm">
              {t(`audio.${key}.transcript`)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </LandingSection>
  );
}
