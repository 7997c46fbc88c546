// Feature blocks: one dashboard screen each, its screenshot beside a short explanation.
import { Box, Flex, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../i18n/react';
import { LandingSection } from './LandingSection';
import { BODY_TEXT_COLOR } from './marketing-facts';
import { Screenshot } from './Screenshot';
import { DASHBOARD_SCREENSHOTS } from './screenshots';

export function TourSection() {
  const { t } = useTranslation('landing');
  return (
    <LandingSection name="tour" title={t('tour.title')} subtitle={t('tour.subtitle')}>
      <Stack gap={64}>
        {DASHBOARD_SCREENSHOTS.map(({ key, file }, index) => (
          <Flex
            key={key}
            // Alternate sides on wide screens so the page reads as a zig-zag, not a column of images.
            direction={{ base: 'column', md: index % 2 === 0 ? 'row' : 'row-reverse' }}
            gap={{ base: 'lg', md: 48 }}
            align="center"
          >
            <Stack gap="sm" style={{ flex: '1 1 40%' }}>
              <Title order={3} fz="xl">
                {t(`tour.${key}.title`)}
              </Title>
              <Text c={BODY_TEXT_COLOR} fz="lg">
                {t(`tour.${key}.text`)}
              </Text>
            </Stack>
            <Box w="100%" style={{ flex: '1 1 60%' }}>
              <Screenshot file={file} alt={t(`tour.${key}.alt`)} />
            </Box>
          </Flex>
        ))}
      </Stack>
    </LandingSection>
  );
}
