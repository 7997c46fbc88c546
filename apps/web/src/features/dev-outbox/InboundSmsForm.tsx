// Development only: a text "from" a phone to the station (POST /dev/api/inbound), e.g. STOP or
// YES. Shows the station's reply and refreshes the outbox, where the reply also lands.
import { Alert, Button, Card, Group, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { TEXT_LIMITS, ZDevInboundRequest } from '@message-station/shared';
import { IconAlertCircle, IconMessageReply, IconSend } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { serverErrorText } from '../../api/client';
import { sendInboundSms } from '../../api/dev-inbound';
import { queryKeys } from '../../api/query-keys';
import {
  afterUsPhoneCheck,
  UsPhoneInput,
  usPhoneE164OnceLoaded,
  usPhoneProblemOnceLoaded,
} from '../../components/UsPhoneInput';
import { useTranslation } from '../../i18n/react';
import { schemaResolver } from '../../lib/schema-resolver';
import { withCsrfCookie } from '../../lib/session';

/** What the server refuses in the text (decision 0068); the number is checked as a US phone. */
const checkInbound = schemaResolver(ZDevInboundRequest);

export function InboundSmsForm() {
  const { t } = useTranslation(['devInbound', 'errors']);
  const queryClient = useQueryClient();
  const form = useForm({
    initialValues: { from: '', body: '' },
    validate: (values) => {
      const errors = checkInbound(values);
      // The server takes an empty text; the form asks for one (a text of nothing tests nothing).
      if (!errors.body && !values.body.trim()) errors.body = t('messageRequired');
      return errors;
    },
  });
  const { from, body } = form.getValues();
  const send = useMutation({
    mutationFn: (input: { from: string; body: string }) =>
      withCsrfCookie(() => sendInboundSms(input.from, input.body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.devOutbox }),
  });

  // The phone is checked once its lazily loaded checks are there (UsPhoneInput, decision 0062).
  const submit = afterUsPhoneCheck(() => {
    const { hasErrors } = form.validate();
    const phoneProblem = usPhoneProblemOnceLoaded(from);
    if (phoneProblem) {
      form.setFieldError(
        'from',
        phoneProblem === 'required'
          ? t('phoneRequired')
          : phoneProblem === 'not_us'
            ? t('phoneNotUs')
            : t('phoneInvalid'),
      );
    }
    if (hasErrors || phoneProblem) return;
    send.mutate(
      { from: usPhoneE164OnceLoaded(from), body: body.trim() },
      { onSuccess: () => form.setFieldValue('body', '') },
    );
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
              onChange={(value) => form.setFieldValue('from', value)}
              error={form.errors.from}
            />
            <Textarea
              label={t('message')}
              placeholder={t('messagePlaceholder')}
              withAsterisk
              autosize
              minRows={1}
              maxRows={4}
              maxLength={TEXT_LIMITS.smsBody}
              {...form.getInputProps('body')}
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
