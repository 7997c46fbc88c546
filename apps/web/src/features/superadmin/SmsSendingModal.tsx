// "SMS sending — {station}": the superadmin gives a station with its own 10DLC campaign its own
// number or Messaging Service and pace, or sends it back to the service's (decision 0016).
import { Alert, Button, Group, Modal, NumberInput, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TStationSmsSendingResponse, TSuperadminStationRow } from '@message-station/shared';
import { IconAlertCircle, IconGauge } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverErrorText } from '../../api/client';
import { ListLoadFailed, ListLoading } from '../../components/ListStates';
import { useSaveStationSmsSendingMutation, useStationSmsSendingQuery } from './queries';
import {
  formFromSending,
  movedText,
  paceText,
  problemText,
  sendingFromForm,
  sendingProblems,
  type TSmsSendingProblems,
} from './sms-sending-form';

type SmsSendingModalProps = { station: TSuperadminStationRow | null; onClose: () => void };

export function SmsSendingModal({ station, onClose }: SmsSendingModalProps) {
  const { t } = useTranslation('superadmin');
  return (
    <Modal
      opened={station !== null}
      onClose={onClose}
      title={station ? t('sending.title', { station: station.display_name }) : null}
      size="lg"
    >
      {station && <StationSmsSending key={station.id} station={station} onClose={onClose} />}
    </Modal>
  );
}

type TStationProps = { station: TSuperadminStationRow; onClose: () => void };

function StationSmsSending({ station, onClose }: TStationProps) {
  const { t } = useTranslation('superadmin');
  const current = useStationSmsSendingQuery(station.id);

  if (current.isError) {
    return (
      <ListLoadFailed
        message={t('sending.loadFailed', { error: problemText(t, current.error.message) })}
        retryLabel={t('retry')}
        onRetry={() => void current.refetch()}
      />
    );
  }
  if (!current.data) return <ListLoading label={t('sending.loading')} />;
  return <SmsSendingForm station={station} current={current.data} onClose={onClose} />;
}

type TFormProps = TStationProps & { current: TStationSmsSendingResponse };

function SmsSendingForm({ station, current, onClose }: TFormProps) {
  const { t } = useTranslation('superadmin');
  const save = useSaveStationSmsSendingMutation();
  const [form, setForm] = useState(() => formFromSending(current));
  const [problems, setProblems] = useState<TSmsSendingProblems>({});

  const change = (next: Partial<typeof form>, field: keyof TSmsSendingProblems) => {
    setForm((before) => ({ ...before, ...next }));
    setProblems((before) => ({ ...before, [field]: undefined }));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const sending = sendingFromForm(form);
    const found = sendingProblems(sending);
    setProblems(found);
    if (found.sms_sender || found.sms_rate_per_second) return;
    save.mutate(
      { stationId: station.id, sending },
      {
        onSuccess: (saved) => {
          notifications.show({
            color: 'green',
            title: t('sending.saved', { station: station.display_name }),
            message: [paceText(t, saved), movedText(t, saved)].filter(Boolean).join(' '),
          });
          onClose();
        },
      },
    );
  };

  const shown = (text: string | undefined) => (text ? problemText(t, text) : undefined);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('sending.sender')}
          description={t('sending.senderHelp')}
          placeholder={t('sending.senderPlaceholder')}
          autoComplete="off"
          spellCheck={false}
          value={form.sender}
          onChange={(event) => change({ sender: event.currentTarget.value }, 'sms_sender')}
          error={shown(problems.sms_sender)}
        />
        <NumberInput
          label={t('sending.rate')}
          description={t('sending.rateHelp')}
          placeholder={t('sending.ratePlaceholder')}
          allowNegative={false}
          decimalScale={2}
          styles={{ wrapper: { maxWidth: 240 } }}
          value={form.rate}
          onChange={(rate) => change({ rate }, 'sms_rate_per_second')}
          error={shown(problems.sms_rate_per_second)}
        />
        <Alert color="blue" variant="light" icon={<IconGauge size={18} aria-hidden="true" />}>
          {paceText(t, current)}
        </Alert>
        {save.isError && (
          <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden="true" />}>
            {problemText(t, serverErrorText(save.error, t('sending.saveFailed')))}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('sending.cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {t('sending.save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
