// Credit Breakdown: where this month's credits came from and went, ending in the balance
// (Used This Month is shown negative).
import { Table, Text } from '@mantine/core';
import type { TBillingInfo } from '@message-station/shared';
import { SectionCard } from '../../components/SectionCard';
import { formatCount } from '../../i18n/formats';
import { useTranslation } from '../../i18n/react';
import { negativeCount } from './billing-format';

export function CreditBreakdownCard({ billing }: { billing: TBillingInfo }) {
  const { t } = useTranslation('billing');
  const rows = [
    { label: t('breakdown.monthlyIncluded'), value: formatCount(billing.monthlyIncluded) },
    { label: t('breakdown.rollover'), value: formatCount(billing.smsCreditsRollover) },
    { label: t('breakdown.purchased'), value: formatCount(billing.smsCreditsPurchased) },
    {
      label: t('breakdown.usedThisMonth'),
      value: negativeCount(billing.smsCreditsUsedMonth),
      color: billing.smsCreditsUsedMonth > 0 ? 'red' : undefined,
    },
  ];

  return (
    <SectionCard title={t('breakdown.title')}>
      <Table verticalSpacing="sm">
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.label}>
              <Table.Th scope="row" fw={400}>
                {row.label}
              </Table.Th>
              <Table.Td ta="right" c={row.color} style={{ fontVariantNumeric: 'tabular-nums' }}>
                {row.value}
              </Table.Td>
            </Table.Tr>
          ))}
          <Table.Tr>
            <Table.Th scope="row">{t('breakdown.totalAvailable')}</Table.Th>
            <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums' }}>
              <Text fw={600} span>
                {formatCount(billing.smsCreditsBalance)}
              </Text>
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
    </SectionCard>
  );
}
