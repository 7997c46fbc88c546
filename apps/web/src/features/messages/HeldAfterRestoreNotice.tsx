// "N texts held after a restore" (decision 0055): texts that were queued or being sent when the
// restored backup was taken may already have reached people, so the server holds them. The
// message's detail says how many and why; an admin sends them (the SMS provider is asked first,
// only the texts it does not have go out) or cancels them. The dashboard lists the messages
// (HeldAfterRestoreDashboardNotice.tsx).
import { Button, Group, List, Stack, Text } from '@mantine/core';
import { actsAsStationAdmin, type THeldDecisionResult } from '@message-station/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { serverErrorText } from '../../api/client';
import { decideHeldTexts, getMessageHeldTexts } from '../../api/held-after-restore';
import { queryKeys } from '../../api/query-keys';
import { useSessionUser } from '../../app/session-user';
import { OutcomeAlert, type TOutcome } from '../../components/DetailControls';
import { HeldAlert } from '../../components/HeldAlert';
import { formatCount } from '../../i18n/formats';
import { useTranslation } from '../../i18n/react';
import { useFullTimeText } from '../../i18n/relative-age';
import { heldKey } from '../../lib/held-key';

export function HeldAfterRestoreNotice({ messageId }: { messageId: string }) {
  const { t } = useTranslation('messages', { keyPrefix: 'heldAfterRestore' });
  const fullTime = useFullTimeText();
  const isAdmin = actsAsStationAdmin(useSessionUser());
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<TOutcome | null>(null);
  const held = useQuery({
    queryKey: heldKey(messageId),
    queryFn: ({ signal }) => getMessageHeldTexts(messageId, signal),
  });
  const decide = useMutation({
    mutationFn: (action: 'send' | 'cancel') => decideHeldTexts(messageId, action),
    onSuccess: (result: THeldDecisionResult) => {
      const already = formatCount(result.already_sent);
      setOutcome({
        kind: 'success',
        keep: true,
        text:
          result.action === 'send'
            ? t('sent', { queued: formatCount(result.queued), already })
            : t('cancelled', { cancelled: formatCount(result.cancelled), already }),
      });
    },
    onError: (error) => setOutcome({ kind: 'error', text: serverErrorText(error, t('failed')) }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.messages });
      void queryClient.invalidateQueries({ queryKey: [...queryKeys.deliveries, messageId] });
    },
  });

  const data = held.data;
  if (!data || data.held === 0) return outcome ? <OutcomeAlert outcome={outcome} /> : null;
  return (
    <HeldAlert held={data.held} testId="held-after-restore">
      <Stack gap="xs">
        <Text fz="sm">
          {t('body', { time: data.restored_at ? fullTime(data.restored_at) : '' })}
          {data.in_flight > 0 &&
            ` ${t('inFlight', { count: data.in_flight, formatted: formatCount(data.in_flight) })}`}
        </Text>
        {isAdmin ? (
          <>
            <List fz="sm" spacing={2}>
              <List.Item>{t('sendExplain')}</List.Item>
              <List.Item>{t('cancelExplain')}</List.Item>
            </List>
            <Group gap="xs">
              <Button
                size="xs"
                color="green"
                loading={decide.isPending && decide.variables === 'send'}
                disabled={decide.isPending}
                onClick={() => decide.mutate('send')}
              >
                {t('send')}
              </Button>
              <Button
                size="xs"
                variant="default"
                loading={decide.isPending && decide.variables === 'cancel'}
                disabled={decide.isPending}
                onClick={() => decide.mutate('cancel')}
              >
                {t('cancel')}
              </Button>
            </Group>
          </>
        ) : (
          <Text fz="sm">{t('adminDecides')}</Text>
        )}
        {outcome && <OutcomeAlert outcome={outcome} />}
      </Stack>
    </HeldAlert>
  );
}
