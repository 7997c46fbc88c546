// Delivery progress of a message's SMS in the detail modal: where every text is (queued, held for
// quiet hours and until when on the recipients' clocks, sending, sent, delivered, failed), a bar,
// possible duplicates, and a breakdown per language (a table; on a phone a card per language, every
// figure shown without sideways scroll); admins export the report (a row per text).
// Nothing shows before a first send.
import { Alert, Box, Button, Group, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { actsAsStationAdmin, type TDeliveryProgress } from '@message-station/shared';
import { IconAlertCircle, IconAlertTriangle, IconClock, IconFileDownload } from '@tabler/icons-react';
import { useId } from 'react';
import { deliveriesCsvPath } from '../../api/delivery';
import { useSessionUser } from '../../app/session-user';
import { useAdminPhone } from '../../components/use-admin-phone';
import { formatCount } from '../../i18n/formats';
import { useTranslation } from '../../i18n/react';
import { useLanguageName } from '../../i18n/use-language-name';
import { useFileExportMutation } from '../../lib/save-file';
import { quietHoursEnd, timeInZone } from '../../lib/time-format';
import { DeliveryRecipients } from './DeliveryRecipients';
import { FigureCard } from './FigureCard';
import { useDeliveryProgressQuery } from './queries';

type TStage = 'delivered' | 'sent' | 'failed' | 'sending' | 'held' | 'due';

/** In the bar's order; what is left of the bar is the queued texts. */
const STAGES: { stage: TStage; color: string; always: boolean }[] = [
  { stage: 'delivered', color: 'green', always: true },
  { stage: 'sent', color: 'blue', always: true },
  { stage: 'failed', color: 'red', always: true },
  { stage: 'sending', color: 'cyan', always: false },
  { stage: 'held', color: 'yellow', always: false },
  { stage: 'due', color: 'gray', always: true },
];

export function DeliveryProgress({ messageId }: { messageId: string }) {
  const { t } = useTranslation('messages');
  const titleId = useId();
  const progress = useDeliveryProgressQuery(messageId);
  const isAdmin = actsAsStationAdmin(useSessionUser());
  const exporting = useFileExportMutation('deliveries.csv');
  const counts = progress.data;
  if (!counts || counts.total === 0) return null;

  const done = counts.sent + counts.delivered + counts.failed;
  const items = STAGES.filter((s) => s.always || counts[s.stage] > 0);

  return (
    <Stack gap="xs" component="section" aria-labelledby={titleId} data-testid="delivery-progress">
      <Group justify="space-between" gap="xs">
        <Title order={3} fz="md" id={titleId}>
          {t('delivery.title')}
        </Title>
        <Group gap="xs">
          <Text fz="sm" c="dimmed">
            {t('delivery.summary', { done: formatCount(done), total: formatCount(counts.total) })}
          </Text>
          {isAdmin && (
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconFileDownload size={14} aria-hidden="true" />}
              loading={exporting.isPending}
              onClick={() => exporting.mutate(deliveriesCsvPath(messageId))}
            >
              {t('delivery.export')}
            </Button>
          )}
        </Group>
      </Group>
      {exporting.isError && (
        <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden="true" />} role="alert">
          {t('delivery.exportFailed', { error: exporting.error.message })}
        </Alert>
      )}
      <Progress.Root size="lg" radius="xl">
        {items
          .filter(({ stage }) => stage !== 'due')
          .map(({ stage, color }) => (
            <Progress.Section
              key={stage}
              value={(counts[stage] / counts.total) * 100}
              color={color}
              aria-label={t('delivery.barLabel', {
                status: t(`delivery.${stage}`),
                count: formatCount(counts[stage]),
                total: formatCount(counts.total),
              })}
            />
          ))}
      </Progress.Root>
      <SimpleGrid cols={{ base: 3, xs: items.length }} spacing="xs">
        {items.map((item) => (
          <Box key={item.stage} data-count={item.stage}>
            <Group gap={6} wrap="nowrap">
              <Box w={8} h={8} bg={item.color} style={{ borderRadius: '50%' }} aria-hidden="true" />
              <Text fz="xs" c="dimmed">
                {t(`delivery.${item.stage}`)}
              </Text>
            </Group>
            <Text fw={600}>{formatCount(counts[item.stage])}</Text>
          </Box>
        ))}
      </SimpleGrid>
      <HeldNote counts={counts} />
      {counts.possibleDuplicates > 0 && (
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconAlertTriangle size={16} color="var(--mantine-color-orange-8)" aria-hidden="true" />
          <Text fz="sm" c="orange">
            {t('delivery.duplicates', {
              count: counts.possibleDuplicates,
              formatted: formatCount(counts.possibleDuplicates),
            })}
          </Text>
        </Group>
      )}
      {counts.languages.length > 0 && <LanguageBreakdown counts={counts} />}
      <DeliveryRecipients messageId={messageId} counts={counts} />
    </Stack>
  );
}

/** "12 held for quiet hours until 8:00 AM EST", or across zones "… until 8:00 AM their local time
 * (from 8:00 AM EST to 8:00 AM HST)": the earliest and the latest release. */
function HeldNote({ counts }: { counts: TDeliveryProgress }) {
  const { t, i18n } = useTranslation('messages');
  const language = i18n.resolvedLanguage ?? 'en';
  const first = counts.releases[0];
  const last = counts.releases.at(-1);
  if (counts.held === 0 || !first || !last) return null;
  const number = { count: counts.held, formatted: formatCount(counts.held) };
  const oneZone = counts.releases.every((release) => release.zone === first.zone);
  const text = oneZone
    ? t('delivery.heldUntil', { ...number, time: timeInZone(first.at, first.zone, language) })
    : t('delivery.heldUntilLocal', {
        ...number,
        time: quietHoursEnd(language),
        first: timeInZone(first.at, first.zone, language),
        last: timeInZone(last.at, last.zone, language),
      });
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" data-testid="delivery-held">
      <IconClock size={16} color="var(--mantine-color-yellow-8)" aria-hidden="true" />
      <Text fz="sm">{text}</Text>
    </Group>
  );
}

function LanguageBreakdown({ counts }: { counts: TDeliveryProgress }) {
  const { t } = useTranslation('messages');
  const languageName = useLanguageName();
  const phone = useAdminPhone();
  // Held and sending get a column only while some text is there.
  const columns: TStage[] = [
    'due',
    ...(counts.held > 0 ? (['held'] as const) : []),
    ...(counts.sending > 0 ? (['sending'] as const) : []),
    'sent',
    'delivered',
    'failed',
  ];
  const failedColor = (stage: TStage, row: TDeliveryProgress['languages'][number]) =>
    stage === 'failed' && row.failed > 0 ? 'red' : undefined;
  if (phone) {
    // A card per language: each figure under its name, none pushed out of sight.
    return (
      <Stack gap="xs" role="list" aria-label={t('delivery.tableLabel')}>
        {counts.languages.map((row) => (
          <FigureCard
            key={row.language}
            title={languageName(row.language)}
            data-language={row.language}
            figures={[
              { label: t('delivery.total'), value: formatCount(row.total) },
              ...columns.map((stage) => ({
                label: t(`delivery.${stage}`),
                value: formatCount(row[stage]),
                color: failedColor(stage, row),
              })),
            ]}
          />
        ))}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={420} type="native">
      <Table withTableBorder verticalSpacing={4} fz="sm" aria-label={t('delivery.tableLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('delivery.language')}</Table.Th>
            <Table.Th ta="right">{t('delivery.total')}</Table.Th>
            {columns.map((stage) => (
              <Table.Th key={stage} ta="right">
                {t(`delivery.${stage}`)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {counts.languages.map((row) => (
            <Table.Tr key={row.language} data-language={row.language}>
              <Table.Td>{languageName(row.language)}</Table.Td>
              <Table.Td ta="right">{formatCount(row.total)}</Table.Td>
              {columns.map((stage) => (
                <Table.Td key={stage} ta="right" c={failedColor(stage, row)} style={{ whiteSpace: 'nowrap' }}>
                  {formatCount(row[stage])}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
