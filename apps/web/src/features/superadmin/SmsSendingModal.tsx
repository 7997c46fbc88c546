// "SMS sending — {station}": the superadmin gives a station with its own 10DLC campaign its own
// number or Messaging Service and pace, or sends it back to the service's (decision 0016).
import { Alert, Button, Group, Modal, NumberInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { TStationSmsSendingResponse, TSuperadminStationRow } from '@message-station/shared';
import { IconAlertCircle, IconGauge } from '@tabler/icons-react';
import { serverErrorText } from '../../api/client';
import { ListLoadFailed, ListLoading } from '../../components/ListStates';
import { useTranslation } from '../../i18n/react';
import { useSaveStationSmsSendingMutation, useStationSmsSendingQuery } from './queries';
import {
  formFromSending,
  movedText,
  paceText,
  problemText,
  sendingErrors,
  sendingFromForm,
  type TSmsSendingForm,
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
  const form = useForm<TSmsSendingForm>({
    initialValues: formFromSending(current),
    // The schema the server checks the body with (decision 0068).
    validate: sendingErrors,
  });

  const submit = form.onSubmit((values) => {
    save.mutate(
      { stationId: station.id, sending: sendingFromForm(values) },
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
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('sending.sender')}
          description={t('sending.senderHelp')}
          placeholder={t('sending.senderPlaceholder')}
          autoComplete="off"
          spellCheck={false}
          {...form.getInputProps('sender')}
        />
        <NumberInput
          label={t('sending.rate')}
          description={t('sending.rateHelp')}
          placeholder={t('sending.ratePlaceholder')}
          allowNegative={false}
          decimalScale={2}
          styles={{ wrapper: { maxWidth: 240 } }}
          {...form.getInputProps('rate')}
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
