// The reply box of a conversation: staff write in their interface language, Translate shows the
// text the subscriber will receive in theirs with its segments and credits, and Send sends exactly
// that text for exactly that cost (decision 0040). Changing the text asks for a new translation.
import { Alert, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  formatUsPhone,
  INBOX_REPLY_MAX,
  type TInboxConversation,
  type TInboxReplyPreview,
} from '@message-station/shared';
import { useState } from 'react';
import { countedProps } from '../../components/TextLimit';
import { useTranslation } from '../../i18n/react';
import { useLanguageName } from '../../i18n/use-language-name';
import { useReplyPreviewMutation, useSendReplyMutation } from './queries';

export function ReplyBox({ conversation }: { conversation: TInboxConversation }) {
  const { t, i18n } = useTranslation('inbox');
  const languageName = useLanguageName();
  const staffLanguage = i18n.resolvedLanguage === 'es' ? 'es' : 'en';
  const [text, setText] = useState('');
  const [preview, setPreview] = useState<TInboxReplyPreview | null>(null);
  const translate = useReplyPreviewMutation(conversation.id);
  const send = useSendReplyMutation(conversation.id);

  if (conversation.contact_status === 'opted_out') {
    return <Alert color="gray">{t('reply.optedOut')}</Alert>;
  }

  const onTranslate = () =>
    translate.mutate({ text, language: staffLanguage }, { onSuccess: (result) => setPreview(result) });
  const onSend = () => {
    if (!preview) return;
    send.mutate(
      { text: preview.text, language: staffLanguage, body: preview.body },
      {
        onSuccess: (result) => {
          setText('');
          setPreview(null);
          const failed = result.message.sms_status === 'failed';
          notifications.show({
            color: failed ? 'red' : 'green',
            message: failed ? t('reply.sendFailed') : t('reply.sent'),
          });
        },
      },
    );
  };
  const error = translate.error ?? send.error;

  return (
    <Stack gap="xs">
      <Textarea
        label={t('reply.label', { language: languageName(staffLanguage) })}
        placeholder={t('reply.placeholder', {
          language: languageName(staffLanguage),
          target: languageName(conversation.language),
        })}
        autosize
        minRows={2}
        maxRows={6}
        {...countedProps(text, INBOX_REPLY_MAX)}
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setPreview(null);
        }}
      />
      {preview && (
        <Paper withBorder p="sm" bg="var(--mantine-color-gray-0)" data-reply-preview>
          <Text size="xs" c="dimmed">
            {t('reply.preview', {
              phone: formatUsPhone(conversation.phone),
              language: languageName(preview.language),
            })}
          </Text>
          <Text style={{ whiteSpace: 'pre-wrap' }} lang={preview.language}>
            {preview.body}
          </Text>
          <Text size="xs" c="dimmed" mt={4} data-reply-cost>
            {t('reply.cost', {
              count: preview.credits,
              characters: preview.characters,
              encoding: preview.encoding,
              segments: preview.segments,
              balance: preview.balance,
            })}
          </Text>
        </Paper>
      )}
      {error && <Alert color="red">{error.message}</Alert>}
      <Group justify="flex-end">
        <Button variant="default" onClick={onTranslate} loading={translate.isPending} disabled={!text.trim()}>
          {t('reply.translate')}
        </Button>
        <Button onClick={onSend} loading={send.isPending} disabled={!preview}>
          {preview ? t('reply.send', { count: preview.credits }) : t('reply.sendPlain')}
        </Button>
      </Group>
    </Stack>
  );
}
