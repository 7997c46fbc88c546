// Landing hero: product name, headline, who it is for, and the calls to create a station or sign in.
import { Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { ACCENT_COLOR, BODY_TEXT_COLOR, FREE_TRIAL } from './marketing-facts';

/**
 * The hero's title, the one size outside the type scale (docs/design.md "Type", decision 0084):
 * the landing page's first line is larger than any page title.
 */
export const HERO_TITLE_SIZE = 40;

export function HeroSection() {
  const { t } = useTranslation('landing');
  return (
    <Box
      component="section"
      aria-labelledby="hero-heading"
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
            fw={600}
            tt="uppercase"
            c="blue.9"
            bg="blue.1"
            px="sm"
            py={4}
            style={{ borderRadius: 'var(--mantine-radius-sm)', letterSpacing: '0.05em' }}
          >
            {t('hero.eyebrow')}
          </Text>
          <Title order={1} id="hero-heading" fz={HERO_TITLE_SIZE} lh={1.15}>
            {t('hero.title')}
          </Title>
          <Text fz={{ base: 'lg', sm: 'h1' }} fw={600} lh={1.3} c="dark.7" maw={720}>
            {t('hero.headline')}
          </Text>
          <Text fz={{ base: 'md', sm: 'lg' }} c={BODY_TEXT_COLOR} maw={680}>
            {t('hero.subline')}
          </Text>
          <Text c={BODY_TEXT_COLOR} maw={600}>
            {t('hero.audience')}
          </Text>
          <Group justify="center" gap="sm">
            <Button component={Link} to="/signup" size="lg" color={ACCENT_COLOR}>
              {t('hero.createStation')}
            </Button>
            <Button component={Link} to="/admin/login" size="lg" variant="default">
              {t('hero.stationLogin')}
            </Button>
          </Group>
          <Text fz="sm" c={BODY_TEXT_COLOR}>
            {t('hero.trialNote', { days: FREE_TRIAL.days, credits: FREE_TRIAL.credits })}
          </Text>
        </Stack>
      </Container>
    </Box>
  );
}
