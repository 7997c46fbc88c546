// The banners above the billing cards: a plan that is not paid and a
// renewal that failed, with the day SMS will be suspended (terms: 15 days).
import { Alert, Stack, Text } from '@mantine/core';
import { PAYMENT_GRACE_DAYS, type TBillingInfo } from '@message-station/shared';
import { IconAlertTriangle, IconCreditCardOff, IconGift } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/react';
import { formatDate } from '../../lib/time-format';
import { addDays } from './billing-format';

type BillingBannersProps = { billing: TBillingInfo };

export function BillingBanners({ billing }: BillingBannersProps) {
  const { t, i18n } = useTranslation('billing');
  const language = i18n.resolvedLanguage ?? 'en';
  const { paymentStatus, paymentExpiresAt, paymentFailedAt } = billing;
  if (paymentStatus === 'paid' && !paymentFailedAt) return null;

  return (
    <Stack gap="sm" mb="lg">
      {paymentStatus === 'trial' && (
        <Alert color="blue" title={t('status.trial')} icon={<IconGift size={20} aria-hidden="true" />}>
          {paymentExpiresAt
            ? t('banner.trialEnds', { date: formatDate(paymentExpiresAt, language) })
            : t('banner.trialActive')}
        </Alert>
      )}
      {(paymentStatus === 'suspended' || paymentStatus === 'unpaid') && (
        <Alert
          color="red"
          title={t(`status.${paymentStatus}`)}
          icon={<IconCreditCardOff size={20} aria-hidden="true" />}
        >
          <Text fz="sm">{t('banner.smsDisabled')}</Text>
        </Alert>
      )}
      {paymentFailedAt && (
        <Alert
          color="orange"
          title={t('banner.paymentFailedTitle')}
          icon={<IconAlertTriangle size={20} aria-hidden="true" />}
        >
          {t('banner.paymentFailed', {
            failedOn: formatDate(paymentFailedAt, language),
            suspendedOn: formatDate(addDays(paymentFailedAt, PAYMENT_GRACE_DAYS), language),
          })}
        </Alert>
      )}
    </Stack>
  );
}
