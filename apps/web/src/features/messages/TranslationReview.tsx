// Who vouches for a translation: its review badge, "Mark reviewed", and after the
// original changed, staff's earlier correction beside the new translation with the choice between
// them (the message is not sent by SMS before).
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck } from '@tabler/icons-react';
import { serverErrorText } from '../../api/client';
import type { TMessage, TMessageTranslation } from '../../api/messages';
import { useTranslation } from '../../i18n/react';
import { useLanguageName } from '../../i18n/use-language-name';
import { useChooseCorrectionMutation, useReviewTranslationMutation } from './queries';

type TActionProps = { message: TMessage; language: string; onSaved: (message: TMessage) => void };

export function MarkReviewed({ message, language, onSaved }: TActionProps) {
  const { t } = useTranslation('messages');
  const languageName = useLanguageName();
  const review = useReviewTranslationMutation();
  const name = languageName(language);
  return (
    <Button
      size="compact-sm"
      variant="light"
      color="teal"
      leftSection={<IconCheck size={14} aria-hidden="true" />}
      loading={review.isPending}
      aria-label={t('detail.markReviewedLabel', { language: name })}
      data-mark-reviewed
      onClick={() =>
        review.mutate(
          { id: message.id, language },
          {
            onSuccess: (saved) => {
              notifications.show({ color: 'green', message: t('detail.reviewed', { language: name }) });
              onSaved(saved);
            },
            onError: (error) =>
              notifications.show({
                color: 'red',
                message: serverErrorText(error, t('detail.reviewFailed')),
              }),
          },
        )
      }
    >
      {t('detail.markReviewed')}
    </Button>
  );
}

/** The original changed after staff corrected this translation: both texts, and the choice. */
export function StaleCorrection({
  message,
  language,
  translation,
  onSaved,
}: TActionProps & { translation: TMessageTranslation }) {
  const { t } = useTranslation('messages');
  const languageName = useLanguageName();
  const choose = useChooseCorrectionMutation();
  const name = languageName(language);
  const machineReady = translation.translation_status === 'completed' && Boolean(translation.translated_text);
  const pick = (keep: 'correction' | 'machine') =>
    choose.mutate(
      { id: message.id, language, keep },
      {
        onSuccess: (saved) => {
          notifications.show({
            color: 'green',
            message: t(`detail.stale.chosen.${keep}`, { language: name }),
          });
          onSaved(saved);
        },
        onError: (error) =>
          notifications.show({
            color: 'red',
            message: serverErrorText(error, t('detail.stale.chooseFailed')),
          }),
      },
    );
  return (
    <Alert
      mt="xs"
      p="xs"
      color="orange"
      variant="light"
      icon={<IconAlertTriangle size={16} aria-hidden="true" />}
      title={t('detail.stale.title')}
      data-stale-correction={language}
    >
      <Stack gap="xs">
        <Text fz="sm">{t('detail.stale.explain')}</Text>
        <div>
          <Text fz="xs" fw={600}>
            {t('detail.stale.yourCorrection')}
          </Text>
          <Text fz="sm" style={{ whiteSpace: 'pre-wrap' }} lang={language}>
            {translation.previous_correction}
          </Text>
        </div>
        {!machineReady && (
          <Text fz="xs" c="dimmed">
            {t('detail.stale.machinePending')}
          </Text>
        )}
        <Group gap="xs" justify="flex-end">
          <Button
            size="compact-sm"
            variant="default"
            loading={choose.isPending}
            onClick={() => pick('correction')}
          >
            {t('detail.stale.keepCorrection')}
          </Button>
          <Button
            size="compact-sm"
            disabled={!machineReady}
            loading={choose.isPending}
            onClick={() => pick('machine')}
          >
            {t('detail.stale.useMachine')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
