// Subscription Plan card: payment status, tier and price, what the plan includes, and the
// Payment Link to subscribe or manage.
import { Badge, Group, List, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  formatUsd,
  PLAN_TIERS,
  type TBillingInfo,
  type TPaymentStatus,
  type TPlanTier,
} from '@message-station/shared';
import { IconCheck } from '@tabler/icons-react';
import { SectionCard } from '../../components/SectionCard';
import { formatCount } from '../../i18n/formats';
import { useTranslation } from '../../i18n/react';
import { PaymentLinkButton } from './PaymentLinkButton';
import { portalLink, stationPaymentLink } from './payment-link';

const STATUS_COLORS: Record<TPaymentStatus, string> = {
  paid: 'green',
  trial: 'blue',
  suspended: 'red',
  unpaid: 'gray',
};

function knownTier(tier: string): tier is TPlanTier {
  return Object.hasOwn(PLAN_TIERS, tier);
}

export function SubscriptionPlanCard({ billing }: { billing: TBillingInfo }) {
  const { t } = useTranslation('billing');
  const tier = knownTier(billing.subscriptionTier) ? PLAN_TIERS[billing.subscriptionTier] : null;
  const paid = billing.paymentStatus === 'paid';
  // A paid station manages its subscription in Stripe's customer portal; a new Payment Link
  // checkout would start a second subscription.
  const link = paid
    ? portalLink(billing.stripePortalURL, billing.billingEmail)
    : stationPaymentLink(billing.stripeSubscriptionURL, billing);
  const included = [
    t('plan.includedSms', { count: formatCount(billing.monthlyCredits) }),
    t('plan.includedTranslations'),
    t('plan.includedBranding'),
    t('plan.includedDesktopApp'),
    t('plan.includedSubscribers'),
    t('plan.includedRollover'),
  ];

  return (
    <SectionCard
      title={t('plan.title')}
      titleGap="md"
      aside={
        <Badge color={STATUS_COLORS[billing.paymentStatus]} variant="light" size="lg">
          {t(`status.${billing.paymentStatus}`)}
        </Badge>
      }
    >
      <Group align="baseline" gap="xs" mb="md">
        <Text fz="h1" fw={600} lh={1.2}>
          {tier ? tier.label : t('plan.custom')}
        </Text>
        {tier && (
          <Text c="dimmed" fz="lg">
            {t('plan.perMonth', { price: formatUsd(tier.priceCents) })}
          </Text>
        )}
      </Group>

      <Text fw={600} fz="sm" mb={6}>
        {t('plan.includedTitle')}
      </Text>
      <List
        spacing={4}
        fz="sm"
        mb="lg"
        icon={
          <ThemeIcon color="green" size={18} radius="xl" variant="light">
            <IconCheck size={12} aria-hidden="true" />
          </ThemeIcon>
        }
      >
        {included.map((line) => (
          <List.Item key={line}>{line}</List.Item>
        ))}
      </List>

      <Stack gap={6} mt="auto">
        <PaymentLinkButton
          href={link}
          variant={paid ? 'default' : 'filled'}
          missingText={paid ? t('plan.portalMissing') : t('plan.linkMissing')}
        >
          {paid ? t('plan.manage') : t('plan.subscribe')}
        </PaymentLinkButton>
      </Stack>
    </SectionCard>
  );
}
