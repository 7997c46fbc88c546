// The translations of the detail modal; each shows language, status, who vouches for it (machine,
// reviewed, corrected by hand), the text or the failure reason in words, a pencil to correct it,
// "Mark reviewed", and, after the original changed, staff's earlier correction beside the new
// translation with the choice between them (the message is not sent by SMS before).
import { ActionIcon, Alert, Badge, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconAlertCircle, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TMessage, TMessageTranslation } from '../../api/messages';
import { useLanguageName } from '../sms-contacts/use-language-name';
import { useUpdateTranslationMutation } from './queries';
import { TranslationCheck } from './TranslationCheck';
import { TranslationEditor, useCorrection } from './TranslationEditor';
import { MarkReviewed, ReviewBadge, StaleCorrection } from './TranslationReview';
import { STATUS_COLORS, shownStatus, targetTranslations } from './translation-status';

export function TranslationList({
  message,
  onSaved,
}: {
  message: TMessage;
  onSaved: (message: TMessage) => void;
}) {
  const { t } = useTranslation('messages');
  const targets = targetTranslations(message);
  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        {t('detail.translations')}
      </Title>
      {targets.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {t('detail.noTranslations')}
        </Text>
      ) : (
        targets.map(({ language, translation }) => (
          <TranslationItem
            key={language}
            message={message}
            language={language}
            translation={translation}
            onSaved={onSaved}
          />
        ))
      )}
    </Stack>
  );
}

type TranslationItemProps = {
  message: TMessage;
  language: string;
  translation: TMessageTranslation | undefined;
  onSaved: (message: TMessage) => void;
};

export function TranslationItem({ message, language, translation, onSaved }: TranslationItemProps) {
  const { t } = useTranslation('messages');
  const languageName = useLanguageName();
  const save = useUpdateTranslationMutation();
  const status = shownStatus(translation);
  const name = languageName(language);
  const correction = useCorrection({
    save: (text, callbacks) => save.mutate({ id: message.id, language, text }, callbacks),
    onSaved,
    texts: {
      required: t('detail.translationRequired'),
      saved: t('detail.translationSaved', { language: name }),
      failed: t('detail.translationFailed'),
    },
  });
  const { editing } = correction;
  const startEditing = () => correction.startEditing(translation?.translated_text ?? '');

  return (
    <Paper withBorder p="sm" radius="md" data-translation={language} data-status={status}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Group gap="xs">
          <Text fw={600} fz="sm">
            {name}
          </Text>
          <Badge size="sm" variant="light" color={STATUS_COLORS[status]} tt="none">
            {t(`status.${status}`)}
          </Badge>
          {status === 'completed' && translation && <ReviewBadge review={translation.review_status} />}
        </Group>
        {!editing && (
          <Tooltip label={t('detail.editTranslation', { language: name })} withArrow>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t('detail.editTranslation', { language: name })}
              onClick={startEditing}
            >
              <IconPencil size={16} aria-hidden="true" />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>

      {editing ? (
        <TranslationEditor
          label={t('detail.translationLabel', { language: name })}
          note={t('detail.handEditNote')}
          saving={save.isPending}
          labels={{ cancel: t('detail.cancel'), save: t('detail.saveTranslation') }}
          {...correction.editor}
        />
      ) : status === 'failed' ? (
        <Alert
          mt="xs"
          p="xs"
          color="red"
          variant="light"
          icon={<IconAlertCircle size={16} aria-hidden="true" />}
        >
          <Text fz="sm">
            {translation?.error
              ? t('detail.failedReason', { error: translation.error })
              : t('detail.failedUnknown')}
          </Text>
        </Alert>
      ) : translation?.translated_text ? (
        <Text fz="sm" mt="xs" style={{ whiteSpace: 'pre-wrap' }} lang={language}>
          {translation.translated_text}
        </Text>
      ) : !translation?.previous_correction ? (
        <Text fz="sm" mt="xs" c="dimmed">
          {t('detail.waiting')}
        </Text>
      ) : null}
      {!editing && translation?.previous_correction && (
        <StaleCorrection message={message} language={language} translation={translation} onSaved={onSaved} />
      )}
      {!editing && status === 'completed' && translation?.translated_text && (
        <TranslationCheck message={message} language={language} translation={translation}>
          {translation.review_status === 'machine' && !translation.previous_correction && (
            <MarkReviewed message={message} language={language} onSaved={onSaved} />
          )}
        </TranslationCheck>
      )}
    </Paper>
  );
}
