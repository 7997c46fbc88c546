// The Send SMS confirmation (spec §5): what the send would do, asked from the server before anything
// is spent — recipients, per language segments, encoding and credits, the total against the balance,
// who waits for quiet hours to end — and the warning that the credits are charged for good.
import { Alert, Badge, Button, Group, Loader, Paper, Stack, Table, Text } from '@mantine/core';
import { formatCount, type TSendPreview, type TSendResult } from '@message-station/shared';
import { IconAlertTriangle, IconClock } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverErrorText } from '../../api/client';
import { useLanguageName } from '../sms-contacts/use-language-name';
import { useSendPreviewQuery, useSendSmsMutation } from './queries';

type SendSmsDialogProps = {
  messageId: string;
  /** The message type's display name: its active subscribers receive the SMS. */
  typeName: string;
  onSent: (result: TSendResult) => void;
  onCancel: () => void;
};

export function SendSmsDialog({ messageId, typeName, onSent, onCancel }: SendSmsDialogProps) {
  const { t } = useTranslation('messages');
  const preview = useSendPreviewQuery(messageId);
  const send = useSendSmsMutation();
  const [sendError, setSendError] = useState<string | null>(null);
  const panel = useRef<HTMLDivElement>(null);
  const lead = t('sms.confirmText', { type: typeName });

  // Keyboard and screen reader users land on the question they must answer.
  useEffect(() => panel.current?.focus(), []);

  const confirm = () => {
    setSendError(null);
    send.mutate(messageId, {
      onSuccess: onSent,
      onError: (error) => setSendError(serverErrorText(error, t('sms.failed'))),
    });
  };

  const ready = preview.data;
  const canSend = Boolean(ready && ready.recipients > 0 && ready.credits <= ready.balance);

  return (
    <Paper withBorder radius="md" p="md" role="alertdialog" aria-label={lead} ref={panel} tabIndex={-1}>
      <Stack gap="sm">
        <Text fz="sm">{lead}</Text>
        {preview.isPending ? (
          <Group gap="xs" role="status">
            <Loader size="xs" aria-hidden="true" />
            <Text fz="sm" c="dimmed">
              {t('send.loading')}
            </Text>
          </Group>
        ) : preview.isError ? (
          <Text fz="sm" c="red" role="alert">
            {serverErrorText(preview.error, t('send.previewFailed'))}
          </Text>
        ) : (
          <PreviewDetails preview={preview.data} typeName={typeName} />
        )}
        {sendError && (
          <Alert color="red" variant="light" p="xs" role="alert">
            {sendError}
          </Alert>
        )}
        <Group gap="sm" justify="flex-end">
          <Button size="xs" variant="default" onClick={onCancel} disabled={send.isPending}>
            {t('detail.cancel')}
          </Button>
          {canSend && ready && (
            <Button size="xs" color="green" onClick={confirm} loading={send.isPending}>
              {t('send.confirm', { count: ready.recipients, recipients: formatCount(ready.recipients) })}
            </Button>
          )}
        </Group>
      </Stack>
    </Paper>
  );
}

function PreviewDetails({ preview, typeName }: { preview: TSendPreview; typeName: string }) {
  const { t } = useTranslation('messages');
  if (preview.recipients === 0) {
    return (
      <Text fz="sm" c="red" role="alert">
        {t('send.noRecipients', { type: typeName })}
      </Text>
    );
  }
  const short = preview.credits > preview.balance;
  return (
    <>
      <Text fz="sm" fw={600}>
        {t('send.recipients', { recipients: formatCount(preview.recipients) })}
      </Text>
      <CostTable preview={preview} />
      <Text fz="sm" c={short ? 'red' : undefined} role={short ? 'alert' : undefined}>
        {short
          ? t('send.notEnoughCredits', {
              needed: formatCount(preview.credits),
              available: formatCount(preview.balance),
            })
          : t('send.creditsVsBalance', {
              credits: formatCount(preview.credits),
              balance: formatCount(preview.balance),
            })}
      </Text>
      {preview.emergency ? (
        <QuietHoursNote text={t('send.emergency')} />
      ) : (
        preview.waiting > 0 && (
          <QuietHoursNote
            text={t('send.waiting', { count: preview.waiting, recipients: formatCount(preview.waiting) })}
          />
        )
      )}
      {!short && (
        <Alert
          color="yellow"
          variant="light"
          p="xs"
          icon={<IconAlertTriangle size={16} aria-hidden="true" />}
        >
          <Text fz="sm">{t('send.charged')}</Text>
        </Alert>
      )}
    </>
  );
}

function QuietHoursNote({ text }: { text: string }) {
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <IconClock size={16} aria-hidden="true" style={{ flexShrink: 0, marginTop: 2 }} />
      <Text fz="sm">{text}</Text>
    </Group>
  );
}

function CostTable({ preview }: { preview: TSendPreview }) {
  const { t } = useTranslation('messages');
  const languageName = useLanguageName();
  const untranslated = preview.languages.some((row) => !row.translated);
  return (
    <>
      <Table withTableBorder verticalSpacing={6} aria-label={t('send.tableLabel')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('send.language')}</Table.Th>
            <Table.Th ta="right">{t('send.recipientsColumn')}</Table.Th>
            <Table.Th ta="right">{t('send.segments')}</Table.Th>
            <Table.Th>{t('send.encoding')}</Table.Th>
            <Table.Th ta="right">{t('send.credits')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {preview.languages.map((row) => (
            <Table.Tr key={row.language} data-language={row.language}>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  {languageName(row.language)}
                  {!row.translated && (
                    <Badge size="xs" variant="outline" color="gray" tt="none">
                      {t('send.originalText')}
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              <Table.Td ta="right">{formatCount(row.recipients)}</Table.Td>
              <Table.Td ta="right">{formatCount(row.segments)}</Table.Td>
              <Table.Td>{row.encoding}</Table.Td>
              <Table.Td ta="right">{formatCount(row.credits)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th scope="row">{t('send.total')}</Table.Th>
            <Table.Td ta="right" fw={600}>
              {formatCount(preview.recipients)}
            </Table.Td>
            <Table.Td />
            <Table.Td />
            <Table.Td ta="right" fw={600}>
              {formatCount(preview.credits)}
            </Table.Td>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
      {untranslated && (
        <Text fz="xs" c="dimmed">
          {t('send.originalTextNote')}
        </Text>
      )}
    </>
  );
}
