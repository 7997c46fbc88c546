// Pricing (#pricing): the monthly plan and the extra-credit pack, priced from the shared billing constants.
import { Button, Card, Group, List, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';
import { LandingSection } from './LandingSection';
import { ACCENT_COLOR, BODY_TEXT_COLOR, FREE_TRIAL, MARKETING_PRICES } from './marketing-facts';

const PLAN_ITEMS = [
  'unlimitedTranslations',
  'branding',
  'desktopApp',
  'subscribers',
  'rollover',
  'noContracts',
] as const;

function PlanCard() {
  const { t } = useTranslation('landing');
  return (
    <Card withBorder shadow="sm" padding="xl">
      <Title order={3} fz="lg" c="blue.9">
        {t('pricing.planName')}
      </Title>
      <Group gap={4} align="baseline" my="xs">
        <Text fz="h1" fw={600} lh={1}>
          {MARKETING_PRICES.planPrice}
        </Text>
        <Text c={BODY_TEXT_COLOR}>{t('pricing.perMonth')}</Text>
      </Group>
      <Text fw={600} mb="md">
        {t('pricing.included', { count: MARKETING_PRICES.includedCredits })}
      </Text>
      <List
        spacing="xs"
        fz="sm"
        icon={
          <ThemeIcon size={20} radius="xl" color="teal.8">
            <IconCheck size={12} aria-hidden="true" />
          </ThemeIcon>
        }
      >
        {PLAN_ITEMS.map((key) => (
          <List.Item key={key}>{t(`pricing.${key}`)}</List.Item>
        ))}
      </List>
      <Button component={Link} to="/signup" fullWidth mt="xl" size="md" color={ACCENT_COLOR}>
        {t('pricing.cta')}
      </Button>
      <Text fz="sm" c={BODY_TEXT_COLOR} ta="center" mt="sm">
        {t('pricing.trial', { days: FREE_TRIAL.days, credits: FREE_TRIAL.credits })}
      </Text>
    </Card>
  );
}

function CreditPackCard() {
  const { t } = useTranslation('landing');
  return (
    <Card withBorder padding="xl">
      <Title order={3} fz="lg" c="blue.9">
        {t('pricing.extraTitle')}
      </Title>
      <Group gap={6} align="baseline" my="xs">
        <Text fz="h1" fw={600} lh={1}>
          {MARKETING_PRICES.packPrice}
        </Text>
        <Text c={BODY_TEXT_COLOR}>{t('pricing.extraPer', { count: MARKETING_PRICES.packCredits })}</Text>
      </Group>
      <Text fw={600} mb="md">
        {t('pricing.perSms', { count: MARKETING_PRICES.centsPerCredit })}
      </Text>
      <Text c={BODY_TEXT_COLOR} fz="sm" mb="sm">
        {t('pricing.extraText')}
      </Text>
      <Text c={BODY_TEXT_COLOR} fz="sm">
        {t('pricing.segmentNote')}
      </Text>
    </Card>
  );
}

export function PricingSection() {
  const { t } = useTranslation('landing');
  return (
    <LandingSection
      id="pricing"
      name="pricing"
      title={t('pricing.title')}
      subtitle={t('pricing.subtitle')}
      background="gray.0"
      size="md"
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" maw={880} mx="auto">
        <PlanCard />
        <CreditPackCard />
      </SimpleGrid>
    </LandingSection>
  );
}
