// A template's translations: each language's text with its fields, who vouches for it, the reason
// a failed one failed (an engine that dropped a field names it), a pencil to correct it (fields
// kept: the server checks), "Mark reviewed", and staff's correction of the previous text.
import { ActionIcon, Alert, Badge, Button, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { fieldList } from '@message-station/shared';
import { IconAlertCircle, IconCheck, IconPencil } from '@tabler/icons-react';
import { serverErrorText } from '../../api/client';
import type { TTemplate, TTemplateTranslation } from '../../api/templates';
import { ReviewBadge } from '../../components/ReviewBadge';
import { TranslationEditor, useCorrection } from '../../components/TranslationEditor';
import { useTranslation } from '../../i18n/react';
import { useLanguageName } from '../../i18n/use-language-name';
import { useCorrectTemplateTranslationMutation, useReviewTemplateTranslationMutation } from './queries';

type TProps = { template: TTemplate; onSaved: (template: TTemplate) => void };

export function TemplateTranslations({ template, onSaved }: TProps) {
  const { t } = useTranslation('templates');
  return (
    <Stack gap="xs" component="section" aria-label={t('translations.title')}>
      <Title order={3} fz="md">
        {t('translations.title')}
      </Title>
      {template.translations.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {t('translations.none')}
        </Text>
      ) : (
        template.translations.map((translation) => (
          <TranslationItem
            key={translation.language_code}
            template={template}
            translation={translation}
            onSaved={onSaved}
          />
        ))
      )}
    </Stack>
  );
}

function TranslationItem({ template, translation, onSaved }: TProps & { translation: TTemplateTranslation }) {
  const { t } = useTranslation('templates');
  const languageName = useLanguageName();
  const correct = useCorrectTemplateTranslationMutation();
  const review = useReviewTemplateTranslationMutation();
  const language = translation.language_code;
  const name = languageName(language);
  const failed = translation.translation_status === 'failed';
  const { editing, startEditing, editor } = useCorrection({
    save: (text, callbacks) => correct.mutate({ id: template.id, language, text }, callbacks),
    onSaved,
    texts: {
      required: t('translations.required'),
      saved: t('translations.corrected', { language: name }),
      failed: t('translations.saveFailed'),
    },
  });

  const markReviewed = () =>
    review.mutate(
      { id: template.id, language },
      {
        onSuccess: (saved) => {
          notifications.show({ color: 'green', message: t('translations.reviewed', { language: name }) });
          onSaved(saved);
        },
        onError: (error) =>
          notifications.show({ color: 'red', message: serverErrorText(error, t('translations.saveFailed')) }),
      },
    );

  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      data-translation={language}
      data-status={translation.translation_status}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Group gap="xs">
          <Text fw={600} fz="sm">
            {name}
          </Text>
          {failed ? (
            <Badge size="sm" variant="light" color="red" tt="none">
              {t('translations.failed')}
            </Badge>
          ) : (
            <ReviewBadge review={translation.review_status} />
          )}
        </Group>
        {!editing && (
          <Tooltip label={t('translations.edit', { language: name })} withArrow>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t('translations.edit', { language: name })}
              onClick={() => startEditing(translation.translated_text ?? '')}
            >
              <IconPencil size={16} aria-hidden="true" />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>

      {editing ? (
        <TranslationEditor
          label={t('translations.label', { language: name })}
          note={t('translations.keepFields')}
          saving={correct.isPending}
          labels={{ cancel: t('form.cancel'), save: t('translations.save') }}
          {...editor}
        />
      ) : failed ? (
        <Alert
          mt="xs"
          p="xs"
          color="red"
          variant="light"
          icon={<IconAlertCircle size={16} aria-hidden="true" />}
        >
          <Text fz="sm">
            {translation.lost_fields.length
              ? t('translations.lostFields', { fields: fieldList(translation.lost_fields) })
              : t('translations.failedReason', { error: translation.error ?? '' })}
          </Text>
        </Alert>
      ) : (
        <Text fz="sm" mt="xs" style={{ whiteSpace: 'pre-wrap' }} lang={language}>
          {translation.translated_text}
        </Text>
      )}
      {!editing && translation.previous_correction && (
        <Stack gap={4} mt="xs">
          <Text fz="xs" c="dimmed">
            {t('translations.previousCorrection')}
          </Text>
          <Text fz="sm" lang={language} style={{ whiteSpace: 'pre-wrap' }}>
            {translation.previous_correction}
          </Text>
          <Group>
            <Button
              size="compact-sm"
              variant="light"
              onClick={() => startEditing(translation.previous_correction ?? '')}
            >
              {t('translations.reusePrevious')}
            </Button>
          </Group>
        </Stack>
      )}
      {!editing && !failed && translation.review_status === 'machine' && (
        <Group mt="xs">
          <Button
            size="compact-sm"
            variant="light"
            color="teal"
            leftSection={<IconCheck size={14} aria-hidden="true" />}
            loading={review.isPending}
            aria-label={t('translations.markReviewedLabel', { language: name })}
            onClick={markReviewed}
          >
            {t('translations.markReviewed')}
          </Button>
        </Group>
      )}
    </Paper>
  );
}
