// Billing History: the station's credit ledger, newest first: grants, rollovers, purchases,
// sends and refunds, each worded in the page's language, with the balance it left.
import { Badge, Table, Text } from '@mantine/core';
import { formatUsd, type TCreditLedgerEntry } from '@message-station/shared';
import { IconReceipt } from '@tabler/icons-react';
import { ListEmpty, ListLoadFailed, ListLoading } from '../../components/ListStates';
import { SectionCard } from '../../components/SectionCard';
import { formatCount } from '../../i18n/formats';
import { useTranslation } from '../../i18n/react';
import { formatDate } from '../../lib/time-format';
import { signedCount } from './billing-format';
import { useLedgerLineText } from './ledger-line';
import { useBillingHistoryQuery } from './queries';

/** A rollover records what carried over without changing the balance: shown unsigned and grey. */
function creditsColor(entry: TCreditLedgerEntry): string | undefined {
  if (entry.kind === 'rollover') return 'dimmed';
  if (entry.credits > 0) return 'green';
  if (entry.credits < 0) return 'red';
  return undefined;
}

export function BillingHistoryCard() {
  const { t, i18n } = useTranslation('billing');
  const history = useBillingHistoryQuery();
  const lineText = useLedgerLineText();
  const language = i18n.resolvedLanguage ?? 'en';

  return (
    <SectionCard title={t('history.title')}>
      {history.isPending ? (
        <ListLoading label={t('history.loading')} />
      ) : history.isError ? (
        <ListLoadFailed
          message={t('history.loadFailed', { error: history.error.message })}
          retryLabel={t('retry')}
          onRetry={() => void history.refetch()}
        />
      ) : history.data.length === 0 ? (
        <ListEmpty icon={<IconReceipt size={24} />} title={t('history.empty')} />
      ) : (
        <Table.ScrollContainer minWidth={720}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('history.columns.date')}</Table.Th>
                <Table.Th>{t('history.columns.description')}</Table.Th>
                <Table.Th ta="right">{t('history.columns.amount')}</Table.Th>
                <Table.Th ta="right">{t('history.columns.credits')}</Table.Th>
                <Table.Th ta="right">{t('history.columns.balanceAfter')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {history.data.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <time dateTime={entry.createdAt}>{formatDate(entry.createdAt, language, 'medium')}</time>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color="gray" size="sm" mr="xs">
                      {t(`history.kind.${entry.kind}`)}
                    </Badge>
                    <Text span fz="sm">
                      {lineText(entry)}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">
                    {entry.amountCents === null ? '' : formatUsd(entry.amountCents)}
                  </Table.Td>
                  <Table.Td ta="right" c={creditsColor(entry)} fw={600} style={{ whiteSpace: 'nowrap' }}>
                    {entry.kind === 'rollover' ? formatCount(entry.credits) : signedCount(entry.credits)}
                  </Table.Td>
                  <Table.Td ta="right">{formatCount(entry.balanceAfter)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </SectionCard>
  );
}
