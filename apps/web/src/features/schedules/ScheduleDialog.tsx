// Schedule a message (or change a schedule): the day and time in the station's time zone, once or
// repeating, until a date or for a number of runs; by SMS (admins) and/or played on machines.
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Modal,
  MultiSelect,
  NativeSelect,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import {
  canSendSms,
  localDateTime,
  SCHEDULE_MAX_RUNS,
  SCHEDULE_REPEATS,
  type TScheduleRepeat,
  type TScheduleRequest,
} from '@message-station/shared';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { serverErrorText } from '../../api/client';
import type { TSchedule, TScheduleSaved } from '../../api/schedules';
import { useSessionUser } from '../../app/session-user';
import { useTranslation } from '../../i18n/react';
import { useUiLanguage } from '../../i18n/use-ui-language';
import { zoneLabel } from '../../lib/time-format';
import { useClientsQuery } from '../../lib/use-connected-clients';
import { useSaveScheduleMutation } from './queries';

type TEnds = 'never' | 'date' | 'count';

type TDraft = {
  repeat: TScheduleRepeat;
  date: string;
  time: string;
  ends: TEnds;
  endsOn: string;
  maxRuns: number | string;
  sendSms: boolean;
  machineIds: string[];
};

/** The next whole hour in `timeZone`: a date and time a person would likely pick. */
function nextHour(timeZone: string): { date: string; time: string } {
  const { date, time } = localDateTime(new Date(Date.now() + 3_600_000), timeZone);
  return { date, time: `${time.slice(0, 2)}:00` };
}

function draftOf(schedule: TSchedule | null, timeZone: string, smsAllowed: boolean): TDraft {
  if (!schedule) {
    const { date, time } = nextHour(timeZone);
    return {
      repeat: 'once',
      date,
      time,
      ends: 'never',
      endsOn: '',
      maxRuns: 5,
      sendSms: smsAllowed,
      machineIds: [],
    };
  }
  return {
    repeat: schedule.repeat,
    date: schedule.start_date,
    time: schedule.time,
    ends: schedule.ends_on ? 'date' : schedule.max_runs ? 'count' : 'never',
    endsOn: schedule.ends_on ?? '',
    maxRuns: schedule.max_runs ?? 5,
    sendSms: schedule.send_sms,
    machineIds: schedule.machines.map((m) => m.id),
  };
}

function requestOf(draft: TDraft): TScheduleRequest {
  const once = draft.repeat === 'once';
  return {
    repeat: draft.repeat,
    start_date: draft.date,
    time: draft.time,
    ends_on: !once && draft.ends === 'date' ? draft.endsOn : null,
    max_runs: !once && draft.ends === 'count' ? Number(draft.maxRuns) : null,
    send_sms: draft.sendSms,
    machine_ids: draft.machineIds,
  };
}

type ScheduleDialogProps = {
  opened: boolean;
  messageId: string;
  messageTitle: string;
  /** The schedule to change; null schedules the message anew. */
  schedule: TSchedule | null;
  timeZone: string;
  onClose: () => void;
  onSaved: (saved: TScheduleSaved) => void;
};

export function ScheduleDialog({ opened, onClose, ...rest }: ScheduleDialogProps) {
  const { t } = useTranslation('schedules');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={rest.schedule ? t('dialog.editTitle') : t('dialog.title', { title: rest.messageTitle })}
      size="lg"
    >
      {opened && <ScheduleForm onClose={onClose} {...rest} />}
    </Modal>
  );
}

function ScheduleForm({
  messageId,
  schedule,
  timeZone,
  onClose,
  onSaved,
}: Omit<ScheduleDialogProps, 'opened' | 'messageTitle'>) {
  const { t } = useTranslation('schedules');
  const language = useUiLanguage();
  const user = useSessionUser();
  const smsAllowed = canSendSms(user);
  const [draft, setDraft] = useState(() => draftOf(schedule, timeZone, smsAllowed));
  const save = useSaveScheduleMutation();
  const clients = useClientsQuery();
  const change = (patch: Partial<TDraft>) => setDraft((current) => ({ ...current, ...patch }));

  // Connected machines, and the schedule's own ones even when they are not connected now.
  const machineOptions = [
    ...(clients.data ?? []).map((c) => ({ value: c.client_id, label: c.client_name })),
    ...(schedule?.machines ?? [])
      .filter((m) => !(clients.data ?? []).some((c) => c.client_id === m.id))
      .map((m) => ({ value: m.id, label: m.name })),
  ];
  const once = draft.repeat === 'once';

  const submit = () =>
    save.mutate({ messageId, scheduleId: schedule?.id, request: requestOf(draft) }, { onSuccess: onSaved });

  return (
    <Stack gap="md">
      <NativeSelect
        label={t('dialog.repeat')}
        data={SCHEDULE_REPEATS.map((repeat) => ({ value: repeat, label: t(`repeat.${repeat}`) }))}
        value={draft.repeat}
        onChange={(event) => change({ repeat: event.currentTarget.value as TScheduleRepeat })}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }}>
        <TextInput
          type="date"
          label={once ? t('dialog.date') : t('dialog.startDate')}
          value={draft.date}
          onChange={(event) => change({ date: event.currentTarget.value })}
          required
        />
        <TextInput
          type="time"
          label={t('dialog.time')}
          value={draft.time}
          onChange={(event) => change({ time: event.currentTarget.value })}
          required
        />
      </SimpleGrid>
      <Text fz="sm" c="dimmed">
        {t('dialog.zoneNote', { zone: zoneLabel(timeZone, language) })}
      </Text>
      {!once && (
        <Stack gap="xs">
          <Text fz="sm" fw={500} id="schedule-ends-label">
            {t('dialog.ends')}
          </Text>
          <SegmentedControl
            aria-labelledby="schedule-ends-label"
            value={draft.ends}
            onChange={(value) => change({ ends: value as TEnds })}
            data={[
              { value: 'never', label: t('dialog.endsNever') },
              { value: 'date', label: t('dialog.endsOn') },
              { value: 'count', label: t('dialog.endsAfter') },
            ]}
          />
          {draft.ends === 'date' && (
            <TextInput
              type="date"
              label={t('dialog.endDate')}
              value={draft.endsOn}
              onChange={(event) => change({ endsOn: event.currentTarget.value })}
              required
            />
          )}
          {draft.ends === 'count' && (
            <NumberInput
              label={t('dialog.runs')}
              min={1}
              max={SCHEDULE_MAX_RUNS}
              value={draft.maxRuns}
              onChange={(value) => change({ maxRuns: value })}
              required
            />
          )}
        </Stack>
      )}
      <Checkbox
        label={t('dialog.sendSms')}
        description={smsAllowed ? t('dialog.sendSmsNote') : t('dialog.smsAdminOnly')}
        checked={draft.sendSms}
        disabled={!smsAllowed}
        onChange={(event) => change({ sendSms: event.currentTarget.checked })}
      />
      <MultiSelect
        label={t('dialog.machines')}
        description={t('dialog.machinesNote')}
        placeholder={machineOptions.length ? t('dialog.machinesPlaceholder') : t('dialog.noMachines')}
        data={machineOptions}
        value={draft.machineIds}
        onChange={(machineIds) => change({ machineIds })}
        disabled={machineOptions.length === 0}
        clearable
      />
      {save.isError && (
        <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden="true" />} role="alert">
          {serverErrorText(save.error, t('dialog.saveFailed'))}
        </Alert>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          {t('dialog.cancel')}
        </Button>
        <Button onClick={submit} loading={save.isPending}>
          {schedule ? t('dialog.saveChanges') : t('dialog.schedule')}
        </Button>
      </Group>
    </Stack>
  );
}
