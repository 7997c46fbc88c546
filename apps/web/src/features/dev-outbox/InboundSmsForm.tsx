// Development only: a text "from" a phone to the station (POST /dev/api/inbound), e.g. STOP or
// YES. Shows the station's reply and refreshes the outbox, where the reply also lands.
import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { TEXT_LIMITS } from '@message-station/shared';
import { IconAlertCircle, IconMessageReply, IconSend } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { serverErrorText } from '../../api/client';
import { sendInboundSms } from '../../api/dev-inbound';
import { queryKeys } from '../../api/query-keys';
import {
  afterUsPhoneCheck,
  UsPhoneInput,
  usPhoneE164OnceLoaded,
  usPhoneProblemOnceLoaded,
} from '../../components/UsPhoneInput';
import { withCsrfCookie } from '../../lib/session';

type TErrors = { from?: string; body?: string };

export function InboundSmsForm() {
  const { t } = useTranslation('devInbound');
  const queryClient = useQueryClient();
  const [from, setFrom] = useState('');
  const [body, setBody] = useState('');
  const [errors, setErrors] = useState<TErrors>({});
  const send = useMutation({
    mutationFn: (input: { from: string; body: string }) =>
      withCsrfCookie(() => sendInboundSms(input.from, input.body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.devOutbox }),
  });

  const submit = afterUsPhoneCheck(() => {
    const phoneProblem = usPhoneProblemOnceLoaded(from);
    const found: TErrors = {
      from:
        phoneProblem === 'required'
          ? t('phoneRequired')
          : phoneProblem === 'not_us'
            ? t('phoneNotUs')
            : phoneProblem
              ? t('phoneInvalid')
              : undefined,
      body: body.trim() ? undefined : t('messageRequired'),
    };
    setErrors(found);
    if (found.from || found.body) return;
    send.mutate({ from: usPhoneE164OnceLoaded(from), body: body.trim() }, { onSuccess: () => setBody('') });
  });

  return (
    <Card p={{ base: 'md', sm: 'lg' }} component="section">
      <Title order={2} fz="h3">
        {t('title')}
      </Title>
      <Text fz="sm" c="dimmed" mt={4} mb="md" maw={720}>
        {t('intro')}
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <UsPhoneInput
              label={t('from')}
              placeholder={t('fromPlaceholder')}
              withAsterisk
              value={from}
              onChange={(value) => {
                setFrom(value);
                setErrors((current) => ({ ...current, from: undefined }));
              }}
              error={errors.from}
            />
            <Textarea
              label={t('message')}
              placeholder={t('messagePlaceholder')}
              withAsterisk
              autosize
              minRows={1}
              maxRows={4}
              maxLength={TEXT_LIMITS.smsBody}
              value={body}
              onChange={(event) => {
                setBody(event.currentTarget.value);
                setErrors((current) => ({ ...current, body: undefined }));
              }}
              error={errors.body}
            />
          </SimpleGrid>
          <Group>
            <Button
              type="submit"
              leftSection={<IconSend size={16} aria-hidden="true" />}
              loading={send.isPending}
            >
              {t('send')}
            </Button>
          </Group>
          {send.isError && (
            <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden="true" />}>
              {serverErrorText(send.error, t('failed'))}
            </Alert>
          )}
          {send.isSuccess && (
            <Alert
              color={send.data.reply ? 'teal' : 'gray'}
              variant="light"
              icon={<IconMessageReply size={18} aria-hidden="true" />}
              title={send.data.reply ? t('reply') : undefined}
              role="status"
            >
              <Text fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {send.data.reply ?? t('noReply')}
              </Text>
            </Alert>
          )}
        </Stack>
      </form>
    </Card>
  );
}
