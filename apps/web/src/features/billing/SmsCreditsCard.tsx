// SMS Credits card: the balance, this month's usage against the plan (during the free trial: the
// trial's usage against its grant, and its end date; red above 80%, capped at 100%), the low-credit
// warning under a fifth of either, and the credit pack's Payment Link.
import { Alert, Group, Progress, Stack, Text } from '@mantine/core';
import { formatUsd, isLowOnCredits, lowCreditThreshold, type TBillingInfo } from '@message-station/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { SectionCard } from '../../components/SectionCard';
import { formatCount } from '../../i18n/formats';
import { useTranslation } from '../../i18n/react';
import { formatDate } from '../../lib/time-format';
import { USAGE_WARNING_PERCENT, usagePercent } from './billing-format';
import { PaymentLinkButton } from './PaymentLinkButton';
import { stationPaymentLink } from './payment-link';

export function SmsCreditsCard({ billing }: { billing: TBillingInfo }) {
  const { t, i18n } = useTranslation('billing');
  // During the trial its grant is what there is to use, not the plan's month.
  const allowance = billing.trial?.credits ?? billing.monthlyCredits;
  const percent = usagePercent(billing.smsCreditsUsedMonth, allowance);
  const overWarning = percent > USAGE_WARNING_PERCENT;
  const low = isLowOnCredits(billing.smsCreditsBalance, allowance);
  const trialEnds = billing.trial?.endsAt
    ? formatDate(billing.trial.endsAt, i18n.resolvedLanguage ?? 'en')
    : null;
  const link = stationPaymentLink(billing.stripeCreditsURL, billing);
  const buyLabel = t('credits.buy', {
    count: formatCount(billing.creditPack.credits),
    price: formatUsd(billing.creditPack.priceCents),
  });

  return (
    <SectionCard title={t('credits.title')} titleGap="md">
      <Group align="baseline" gap="xs">
        <Text fz="h1" fw={600} lh={1.15} c={low ? 'red' : undefined} data-testid="credits-balance">
          {formatCount(billing.smsCreditsBalance)}
        </Text>
        <Text c="dimmed">{t('credits.available')}</Text>
      </Group>

      <Stack gap={6} mt="lg">
        <Group justify="space-between" gap="xs">
          <Text fz="sm">
            {t(billing.trial ? 'credits.usedOfTrial' : 'credits.usedOf', {
              used: formatCount(billing.smsCreditsUsedMonth),
              total: formatCount(allowance),
            })}
          </Text>
          <Text fz="sm" fw={600} c={overWarning ? 'red' : undefined}>
            {t('credits.percent', { percent })}
          </Text>
        </Group>
        <Progress
          value={percent}
          color={overWarning ? 'red' : 'blue'}
          size="lg"
          radius="xl"
          aria-label={t(billing.trial ? 'credits.trialUsageLabel' : 'credits.usageLabel')}
        />
        {trialEnds && (
          <Text fz="sm" c="gray.8" data-testid="trial-ends">
            {t('credits.trialEnds', { date: trialEnds })}
          </Text>
        )}
      </Stack>

      {low && (
        <Alert color="red" variant="light" mt="md" icon={<IconAlertTriangle size={18} aria-hidden="true" />}>
          {t('credits.low', { count: lowCreditThreshold(allowance) })}
        </Alert>
      )}

      <Stack gap={6} mt="lg">
        <PaymentLinkButton href={link} variant="light" missingText={t('credits.linkMissing')}>
          {buyLabel}
        </PaymentLinkButton>
        <Text fz="xs" c="dimmed">
          {t('credits.neverExpire')}
        </Text>
      </Stack>
    </SectionCard>
  );
}
