// Closing call to action: start the free trial or talk to the collective.
import { Button, Group } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { LandingSection } from './LandingSection';
import { ACCENT_COLOR, FREE_TRIAL } from './marketing-facts';

export function FinalCtaSection() {
  const { t } = useTranslation('landing');
  return (
    <LandingSection
      name="final-cta"
      title={t('finalCta.title')}
      subtitle={t('finalCta.text', { days: FREE_TRIAL.days, credits: FREE_TRIAL.credits })}
      background="blue.0"
      size="md"
    >
      <Group justify="center" gap="sm">
        <Button component={Link} to="/signup" size="lg" color={ACCENT_COLOR}>
          {t('finalCta.primary')}
        </Button>
        <Button component={Link} to="/contact" size="lg" variant="default">
          {t('finalCta.secondary')}
        </Button>
      </Group>
    </LandingSection>
  );
}
