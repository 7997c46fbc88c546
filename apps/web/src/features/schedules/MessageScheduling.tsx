// Scheduling from a message's detail: the Schedule button and dialog, what the saved schedule will
// do (its first run, each run's audience and credits, translations still being made), and the
// message's upcoming schedules.
import { Stack, Text } from '@mantine/core';
import { IconCalendarTime } from '@tabler/icons-react';
import { useState } from 'react';
import type { TScheduleSaved } from '../../api/schedules';
import { BlockedButton } from '../../components/DetailControls';
import { useTranslation } from '../../i18n/react';
import { useLanguageName } from '../../i18n/use-language-name';
import { useUiLanguage } from '../../i18n/use-ui-language';
import type { TScheduleButtonProps } from '../../lib/message-page-slots';
import { useAdminStationQuery } from '../../lib/station-queries';
import { useSchedulesQuery } from './queries';
import { ScheduleDialog } from './ScheduleDialog';
import { ScheduleList } from './ScheduleList';
import { formatInZone } from './schedule-words';

/** What a saved schedule will do, in words: the success text of the detail. */
function useSavedText() {
  const { t } = useTranslation('schedules');
  const language = useUiLanguage();
  const languageName = useLanguageName();
  return ({ schedule, check }: TScheduleSaved) => {
    const parts = [
      t('saved.next', {
        when: schedule.next_run_at ? formatInZone(schedule.next_run_at, schedule.time_zone, language) : '',
      }),
    ];
    if (check) {
      const credits = t('credits', { count: check.credits_per_run });
      parts.push(t('saved.perRun', { count: check.recipients, credits }));
    }
    if (check?.translations_pending.length) {
      parts.push(
        t('saved.pending', {
          languages: check.translations_pending.map((code) => languageName(code)).join(', '),
        }),
      );
    }
    return parts.join(' ');
  };
}

export function ScheduleButton({ message, busy, hold, onOutcome }: TScheduleButtonProps) {
  const { t } = useTranslation('schedules');
  const station = useAdminStationQuery();
  const savedText = useSavedText();
  const [open, setOpen] = useState(false);
  return (
    <>
      <BlockedButton
        reason={hold}
        disabled={busy || hold !== null || !station.data}
        icon={<IconCalendarTime size={14} aria-hidden="true" />}
        onClick={() => {
          onOutcome(null);
          setOpen(true);
        }}
      >
        {t('detail.schedule')}
      </BlockedButton>
      {station.data && (
        <ScheduleDialog
          opened={open}
          messageId={message.id}
          messageTitle={message.title}
          schedule={null}
          timeZone={station.data.time_zone}
          onClose={() => setOpen(false)}
          onSaved={(saved) => {
            setOpen(false);
            onOutcome({ kind: 'success', text: savedText(saved) });
          }}
        />
      )}
    </>
  );
}

/** The message's upcoming schedules, when it has any. */
export function MessageSchedules({ messageId }: { messageId: string }) {
  const { t } = useTranslation('schedules');
  const schedules = useSchedulesQuery({ status: 'upcoming', messageId });
  if (!schedules.data?.length) return null;
  return (
    <Stack gap="xs">
      <Text fz="sm" fw={600}>
        {t('detail.upcoming')}
      </Text>
      <ScheduleList schedules={schedules.data} compact />
    </Stack>
  );
}
