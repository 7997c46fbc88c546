// The texts of a message's sends, a page at a time, in the SMS Delivery section: who (the number
// masked to its last four digits), in which language, where the text is and why it failed, worded
// in the interface language from the server's reason code. Filters by status and language. A table;
// on a phone a card per text, so every column shows without sideways scroll.
import { Group, NativeSelect, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { RECIPIENT_STAGES, type TDeliveryProgress, type TRecipientStage } from '@message-station/shared';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { listRecipients } from '../../api/delivery';
import { queryKeys } from '../../api/query-keys';
import { useAdminPhone } from '../../components/use-admin-phone';
import { useTranslation } from '../../i18n/react';
import { useLanguageName } from '../../i18n/use-language-name';
import { FigureCard } from './FigureCard';

export const RECIPIENTS_PER_PAGE = 20;

export function DeliveryRecipients({ messageId, counts }: { messageId: string; counts: TDeliveryProgress }) {
  const { t, i18n } = useTranslation('messages');
  const languageName = useLanguageName();
  const titleId = useId();
  const phone = useAdminPhone();
  const [stage, setStage] = useState<TRecipientStage | ''>('');
  const [language, setLanguage] = useState('');
  const [page, setPage] = useState(1);
  const query = { stage: stage || undefined, language: language || undefined };
  const recipients = useQuery({
    queryKey: [...queryKeys.deliveries, messageId, 'recipients', query, page],
    queryFn: ({ signal }) =>
      listRecipients(
        messageId,
        { ...query, limit: RECIPIENTS_PER_PAGE, offset: (page - 1) * RECIPIENTS_PER_PAGE },
        signal,
      ),
  });
  const total = recipients.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / RECIPIENTS_PER_PAGE));
  const sentAt = new Intl.DateTimeFormat(i18n.resolvedLanguage === 'es' ? 'es-US' : 'en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const rows = recipients.data?.recipients ?? [];
  const failure = (row: (typeof rows)[number]) =>
    row.failure_reason && (
      <Text fz="xs" c="red">
        {t(`delivery.reasons.${row.failure_reason}`)}
        {row.provider_error_code ? ` (${row.provider_error_code})` : ''}
      </Text>
    );
  const masked = (row: (typeof rows)[number]) => t('delivery.recipients.masked', { last4: row.phone_last4 });
  const sentAtText = (row: (typeof rows)[number]) =>
    row.sent_at ? sentAt.format(new Date(row.sent_at)) : '—';

  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" align="flex-end" gap="xs">
        <Title order={4} fz="sm" id={titleId}>
          {t('delivery.recipients.title')}
        </Title>
        <Group gap="xs">
          <NativeSelect
            size="xs"
            aria-label={t('delivery.recipients.statusFilter')}
            value={stage}
            data={[
              { value: '', label: t('delivery.recipients.allStatuses') },
              ...RECIPIENT_STAGES.map((value) => ({ value, label: t(`delivery.recipients.stage.${value}`) })),
            ]}
            onChange={(event) => {
              setStage(event.currentTarget.value as TRecipientStage | '');
              setPage(1);
            }}
          />
          <NativeSelect
            size="xs"
            aria-label={t('delivery.recipients.languageFilter')}
            value={language}
            data={[
              { value: '', label: t('delivery.recipients.allLanguages') },
              ...counts.languages.map((row) => ({ value: row.language, label: languageName(row.language) })),
            ]}
            onChange={(event) => {
              setLanguage(event.currentTarget.value);
              setPage(1);
            }}
          />
        </Group>
      </Group>
      {recipients.isError ? (
        <Text fz="sm" c="red" role="alert">
          {t('delivery.recipients.loadFailed', { error: recipients.error.message })}
        </Text>
      ) : recipients.data && recipients.data.recipients.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {t('delivery.recipients.none')}
        </Text>
      ) : phone ? (
        <Stack gap="xs" role="list" aria-labelledby={titleId}>
          {rows.map((row) => (
            <FigureCard
              key={row.id}
              cols={2}
              title={row.name ?? t('delivery.recipients.noName')}
              figures={[
                { label: t('delivery.recipients.number'), value: masked(row) },
                { label: t('delivery.recipients.language'), value: languageName(row.language), wraps: true },
                {
                  label: t('delivery.recipients.status'),
                  value: t(`delivery.recipients.stage.${row.stage}`),
                  wraps: true,
                  note: failure(row),
                },
                { label: t('delivery.recipients.sentAt'), value: sentAtText(row), wraps: true },
              ]}
            />
          ))}
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={520}>
          <Table fz="sm" aria-labelledby={titleId}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('delivery.recipients.name')}</Table.Th>
                <Table.Th>{t('delivery.recipients.number')}</Table.Th>
                <Table.Th>{t('delivery.recipients.language')}</Table.Th>
                <Table.Th>{t('delivery.recipients.status')}</Table.Th>
                <Table.Th>{t('delivery.recipients.sentAt')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>{row.name ?? t('delivery.recipients.noName')}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{masked(row)}</Table.Td>
                  <Table.Td>{languageName(row.language)}</Table.Td>
                  <Table.Td>
                    {t(`delivery.recipients.stage.${row.stage}`)}
                    {failure(row)}
                  </Table.Td>
                  <Table.Td>{sentAtText(row)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {pages > 1 && <Pagination size="sm" total={pages} value={page} onChange={setPage} />}
    </Stack>
  );
}
