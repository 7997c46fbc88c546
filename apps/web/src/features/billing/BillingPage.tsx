// /admin/billing (admin only): payment status banners, the plan and credits cards with their
// Stripe Payment Links, the month's credit breakdown and the credit ledger.
import { Badge, Group, SimpleGrid, Stack, Text, Tooltip } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { ListLoadFailed, ListLoading } from '../../components/ListStates';
import { PageTitle } from '../../components/PageTitle';
import { useTranslation } from '../../i18n/react';
import { BillingBanners } from './BillingBanners';
import { BillingHistoryCard } from './BillingHistoryCard';
import { CreditBreakdownCard } from './CreditBreakdownCard';
import { useBillingQuery } from './queries';
import { SmsCreditsCard } from './SmsCreditsCard';
import { SubscriptionPlanCard } from './SubscriptionPlanCard';

export function BillingPage() {
  const { t } = useTranslation('billing');
  const billing = useBillingQuery();

  return (
    <>
      <PageTitle>{t('title')}</PageTitle>
      {billing.isPending ? (
        <ListLoading label={t('loading')} />
      ) : billing.isError ? (
        <ListLoadFailed
          message={t('loadFailed', { error: billing.error.message })}
          retryLabel={t('retry')}
          onRetry={() => void billing.refetch()}
        />
      ) : (
        <Stack gap="lg">
          {billing.data.stripeTestMode && (
            <Group mt={-12}>
              <Tooltip label={t('testModeHint')} multiline w={280}>
                <Badge color="orange" variant="filled">
                  {t('testMode')}
                </Badge>
              </Tooltip>
            </Group>
          )}
          <div>
            <BillingBanners billing={billing.data} />
            <SimpleGrid cols={2} spacing="lg">
              <SubscriptionPlanCard billing={billing.data} />
              <SmsCreditsCard billing={billing.data} />
            </SimpleGrid>
          </div>
          <Group gap={6} wrap="nowrap">
            <IconLock size={16} aria-hidden="true" color="var(--mantine-color-dimmed)" />
            <Text fz="sm" c="dimmed">
              {t('processor')}
            </Text>
          </Group>
          <CreditBreakdownCard billing={billing.data} />
          <BillingHistoryCard />
        </Stack>
      )}
    </>
  );
}
