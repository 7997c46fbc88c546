// Platform overview (/platform-overview): desktop app and web dashboard galleries, capabilities, call to action.
import { Box, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../components/use-document-title';
import { useTranslation } from '../i18n/react';
import { ACCENT_COLOR, BODY_TEXT_COLOR, FREE_TRIAL } from './landing/marketing-facts';
import { DASHBOARD_SCREENSHOTS, DESKTOP_SCREENSHOTS } from './landing/screenshots';
import { CapabilitiesList } from './overview/CapabilitiesList';
import { ScreenshotGallery, type TGalleryShot } from './overview/ScreenshotGallery';

function useGalleries(): { desktop: TGalleryShot[]; web: TGalleryShot[] } {
  const { t } = useTranslation('landing');
  return {
    desktop: DESKTOP_SCREENSHOTS.map(({ key, file }) => ({
      file,
      alt: t(`overview.desktop.${key}.alt`),
      caption: t(`overview.desktop.${key}.caption`),
    })),
    // The dashboard shots share their alt texts with the landing tour; only the captions differ.
    web: DASHBOARD_SCREENSHOTS.map(({ key, file }) => ({
      file,
      alt: t(`tour.${key}.alt`),
      caption: t(`overview.web.${key}Caption`),
    })),
  };
}

function OverviewCta() {
  const { t } = useTranslation('landing');
  return (
    <Box component="section" aria-labelledby="overview-cta-heading" py={{ base: 48, sm: 72 }} bg="blue.0">
      <Container size="md">
        <Stack align="center" ta="center" gap="md">
          <Title order={2} id="overview-cta-heading">
            {t('overview.cta.title')}
          </Title>
          <Text c={BODY_TEXT_COLOR} fz="lg">
            {t('overview.cta.text', { days: FREE_TRIAL.days, credits: FREE_TRIAL.credits })}
          </Text>
          <Group justify="center" gap="sm">
            <Button component={Link} to="/signup" size="lg" color={ACCENT_COLOR}>
              {t('overview.cta.primary')}
            </Button>
            <Button
              component={Link}
              to="/"
              size="lg"
              variant="default"
              leftSection={<IconArrowLeft size={18} aria-hidden="true" />}
            >
              {t('overview.cta.back')}
            </Button>
          </Group>
        </Stack>
      </Container>
    </Box>
  );
}

export function PlatformOverviewPage() {
  const { t } = useTranslation('landing');
  const galleries = useGalleries();
  useDocumentTitle(t('overview.title'));
  return (
    <>
      <Container size="lg" pt={{ base: 40, sm: 64 }}>
        <Title order={1} fz="h1" lh={1.25} mb="sm">
          {t('overview.title')}
        </Title>
        <Text c={BODY_TEXT_COLOR} fz="lg" maw={760}>
          {t('overview.intro')}
        </Text>
      </Container>
      <ScreenshotGallery
        name="desktop-app"
        title={t('overview.desktop.title')}
        text={t('overview.desktop.text')}
        shots={galleries.desktop}
        eagerFirst
      >
        <Text c={BODY_TEXT_COLOR} fz="sm" maw={760} mb="xl">
          {t('overview.desktop.requirements')}
        </Text>
      </ScreenshotGallery>
      <ScreenshotGallery
        name="web-dashboard"
        title={t('overview.web.title')}
        text={t('overview.web.text')}
        shots={galleries.web}
        eagerFirst={galleries.desktop.length === 0}
        background="gray.0"
      />
      <CapabilitiesList />
      <OverviewCta />
    </>
  );
}
