// A list of schedules: what is sent when, how it repeats, what it does, how its last run went,
// with Change and Cancel for the active ones: a table on the Schedules page, cards in a message's detail.
import { Alert, Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { canSendSms } from '@message-station/shared';
import { IconAlertCircle, IconCalendarX, IconEdit } from '@tabler/icons-react';
import { useState } from 'react';
import { serverErrorText } from '../../api/client';
import { codeText } from '../../api/error-words';
import type { TSchedule } from '../../api/schedules';
import { useSessionUser } from '../../app/session-user';
import { Confirm } from '../../components/DetailControls';
import { ListTable } from '../../components/ListTable';
import { useTranslation } from '../../i18n/react';
import { useUiLanguage } from '../../i18n/use-ui-language';
import { useCancelScheduleMutation } from './queries';
import { ScheduleDialog } from './ScheduleDialog';
import { formatInZone, useRepeatText } from './schedule-words';

const STATUS_COLOR = { active: 'blue', done: 'gray', cancelled: 'gray', failed: 'red' } as const;

function LastRun({ schedule }: { schedule: TSchedule }) {
  const { t } = useTranslation('schedules');
  const language = useUiLanguage();
  const run = schedule.last_run;
  if (!run)
    return (
      <Text fz="sm" c="dimmed">
        {t('list.notRunYet')}
      </Text>
    );
  const when = formatInZone(run.due_at, schedule.time_zone, language);
  if (run.outcome === 'sent') {
    return (
      <Text fz="sm">
        {t('list.sent', { when, count: run.recipients, credits: t('credits', { count: run.credits }) })}
        {run.played_on.length > 0 && ` ${t('list.played', { machines: run.played_on.join(', ') })}`}
      </Text>
    );
  }
  const reason = run.error_code ? (codeText(run.error_code, run.error_params) ?? run.error_code) : '';
  return (
    <Text fz="sm" c="red">
      {t('list.failed', { when, reason })}
    </Text>
  );
}

/** What a schedule does, in words: "SMS to subscribers · Play on Studio PC". */
function useDoesText() {
  const { t } = useTranslation('schedules');
  return (schedule: TSchedule) =>
    [
      schedule.send_sms ? t('list.sms') : null,
      schedule.machines.length
        ? t('list.play', { machines: schedule.machines.map((m) => m.name).join(', ') })
        : null,
    ]
      .filter(Boolean)
      .join(' · ');
}

type TActionsProps = {
  schedule: TSchedule;
  onChange: (schedule: TSchedule) => void;
  onCancel: (id: string) => void;
};

function ScheduleActions({ schedule, onChange, onCancel }: TActionsProps) {
  const { t } = useTranslation('schedules');
  const user = useSessionUser();
  // A schedule that sends SMS is an admin's to change, as sending is.
  if (schedule.status !== 'active' || (schedule.send_sms && !canSendSms(user))) return null;
  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        size="xs"
        variant="default"
        leftSection={<IconEdit size={14} aria-hidden="true" />}
        onClick={() => onChange(schedule)}
        aria-label={t('list.changeLabel', { title: schedule.message_title })}
      >
        {t('list.change')}
      </Button>
      <Button
        size="xs"
        variant="light"
        color="red"
        leftSection={<IconCalendarX size={14} aria-hidden="true" />}
        onClick={() => onCancel(schedule.id)}
        aria-label={t('list.cancelLabel', { title: schedule.message_title })}
      >
        {t('list.cancel')}
      </Button>
    </Group>
  );
}

function NextRun({ schedule }: { schedule: TSchedule }) {
  const { t } = useTranslation('schedules');
  const language = useUiLanguage();
  if (schedule.next_run_at)
    return <Text fz="sm">{formatInZone(schedule.next_run_at, schedule.time_zone, language)}</Text>;
  return (
    <Badge color={STATUS_COLOR[schedule.status]} variant="light">
      {t(`status.${schedule.status}`)}
    </Badge>
  );
}

type ScheduleListProps = {
  schedules: TSchedule[];
  /** One message's schedules, as cards (inside its detail): no message column, no wide table. */
  compact?: boolean;
};

export function ScheduleList({ schedules, compact = false }: ScheduleListProps) {
  const { t } = useTranslation('schedules');
  const repeatText = useRepeatText();
  const doesText = useDoesText();
  const cancel = useCancelScheduleMutation();
  const [editing, setEditing] = useState<TSchedule | null>(null);
  const [cancelling, setCancelling] = useState<string | null>(null);
  const actions = (schedule: TSchedule) => (
    <ScheduleActions schedule={schedule} onChange={setEditing} onCancel={setCancelling} />
  );

  const columns = [
    t('list.message'),
    t('list.next'),
    t('list.repeats'),
    t('list.does'),
    t('list.lastRun'),
    t('list.actions'),
  ];
  return (
    <Stack gap="sm">
      {compact ? (
        schedules.map((schedule) => (
          <Paper key={schedule.id} withBorder radius="md" p="sm">
            <Group justify="space-between" align="flex-start" gap="sm">
              <Stack gap={2}>
                <NextRun schedule={schedule} />
                <Text fz="sm" c="dimmed">
                  {repeatText(schedule)} · {doesText(schedule)}
                </Text>
                <LastRun schedule={schedule} />
              </Stack>
              {actions(schedule)}
            </Group>
          </Paper>
        ))
      ) : (
        <ListTable columns={columns}>
          {schedules.map((schedule) => (
            <Table.Tr key={schedule.id}>
              <Table.Td>
                <Text fz="sm" fw={500}>
                  {schedule.message_title}
                </Text>
              </Table.Td>
              <Table.Td>
                <NextRun schedule={schedule} />
              </Table.Td>
              <Table.Td>
                <Text fz="sm">{repeatText(schedule)}</Text>
              </Table.Td>
              <Table.Td>
                <Text fz="sm">{doesText(schedule)}</Text>
              </Table.Td>
              <Table.Td>
                <LastRun schedule={schedule} />
              </Table.Td>
              <Table.Td>{actions(schedule)}</Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      )}
      {cancelling && (
        <Confirm
          text={t('list.cancelConfirm')}
          confirmLabel={t('list.cancelConfirmButton')}
          color="red"
          loading={cancel.isPending}
          onConfirm={() => cancel.mutate(cancelling, { onSettled: () => setCancelling(null) })}
          onCancel={() => setCancelling(null)}
        />
      )}
      {cancel.isError && (
        <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden="true" />} role="alert">
          {serverErrorText(cancel.error, t('list.cancelFailed'))}
        </Alert>
      )}
      <ScheduleDialog
        opened={editing !== null}
        messageId={editing?.message_id ?? ''}
        messageTitle={editing?.message_title ?? ''}
        schedule={editing}
        timeZone={editing?.time_zone ?? 'America/New_York'}
        onClose={() => setEditing(null)}
        onSaved={() => setEditing(null)}
      />
    </Stack>
  );
}
