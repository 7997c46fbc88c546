// Press release (/press-release): the launch announcement of August 26 2025, boilerplate and media contact.
import { Anchor, Blockquote, Box, Container, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useDocumentTitle } from '../components/use-document-title';
import { currentLanguage } from '../i18n';
import { useTranslation } from '../i18n/react';
import { ACCENT_COLOR, BODY_TEXT_COLOR, FREE_TRIAL, MARKETING_PRICES } from './landing/marketing-facts';

/** Launch day; the release is dated to it. */
const RELEASE_DATE = '2025-08-26';

const HIGHLIGHTS = [
  'highlightTranslation',
  'highlightSms',
  'highlightSpeech',
  'highlightExport',
  'highlightPrivacy',
] as const;

function formatReleaseDate(language: string): string {
  // Read as a calendar date: formatting in UTC keeps it from slipping a day west of Greenwich.
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${RELEASE_DATE}T00:00:00Z`),
  );
}

function Quote({ text, by }: { text: string; by: string }) {
  return (
    <Blockquote
      color="blue"
      cite={`— ${by}`}
      my="md"
      styles={{ cite: { color: 'var(--mantine-color-gray-7)' } }}
    >
      {text}
    </Blockquote>
  );
}

function Boilerplate() {
  const { t } = useTranslation('landing');
  return (
    <>
      <Title order={2} fz="xl" mt="lg">
        {t('press.aboutTitle')}
      </Title>
      <Text>{t('press.about')}</Text>
      <Anchor component={Link} to="/platform-overview" c={ACCENT_COLOR} underline="always">
        {t('press.aboutLink')}
      </Anchor>

      <Title order={2} fz="xl" mt="lg">
        {t('press.mediaTitle')}
      </Title>
      <Text>{t('press.media')}</Text>
      <Anchor component={Link} to="/contact" c={ACCENT_COLOR} underline="always">
        {t('press.mediaLink')}
      </Anchor>
    </>
  );
}

export function PressReleasePage() {
  const { t } = useTranslation('landing');
  useDocumentTitle(t('press.title'));
  const availability = t('press.availability', {
    price: MARKETING_PRICES.planPrice,
    credits: MARKETING_PRICES.includedCredits,
    packPrice: MARKETING_PRICES.packPrice,
    packCredits: MARKETING_PRICES.packCredits,
    days: FREE_TRIAL.days,
  });

  return (
    <Container size="sm" py={{ base: 40, sm: 64 }}>
      <Box component="article" aria-labelledby="press-heading">
        <Stack gap="md">
          <Text fz="sm" fw={600} tt="uppercase" c="blue.9" style={{ letterSpacing: '0.05em' }}>
            {t('press.title')} · {t('press.label')}
          </Text>
          <Title order={1} id="press-heading" fz="h1" lh={1.25}>
            {t('press.headline')}
          </Title>
          <Text fz="lg" c={BODY_TEXT_COLOR} fs="italic">
            {t('press.subhead')}
          </Text>

          <Text>
            <Text component="span" fw={600}>
              {t('press.dateline')},{' '}
              <time dateTime={RELEASE_DATE}>{formatReleaseDate(currentLanguage())}</time>
            </Text>
            {' — '}
            {t('press.lead')}
          </Text>
          <Text>{t('press.problem')}</Text>
          <Text>{t('press.channels')}</Text>
          <Quote text={t('press.quote1')} by={t('press.quote1By')} />

          <Title order={2} fz="xl" mt="lg">
            {t('press.highlightsTitle')}
          </Title>
          <List spacing="xs">
            {HIGHLIGHTS.map((key) => (
              <List.Item key={key}>{t(`press.${key}`)}</List.Item>
            ))}
          </List>
          <Quote text={t('press.quote2')} by={t('press.quote2By')} />

          <Title order={2} fz="xl" mt="lg">
            {t('press.availabilityTitle')}
          </Title>
          <Text>{availability}</Text>

          <Boilerplate />

          <Text ta="center" fw={600} mt="xl" aria-hidden="true">
            {t('press.end')}
          </Text>
        </Stack>
      </Box>
    </Container>
  );
}
