// The translations of the detail modal; each shows language, status, where its words came from
// (phrasebook, staff, a trusted engine, or an engine nobody reviewed: decision 0050), the text or
// the failure reason in words, a pencil to correct it, "Mark reviewed", and, after the original
// changed, staff's earlier correction beside the new translation with the choice between them (the
// message is not sent by SMS before). "Review now" in the send confirmation brings one into view
// with its "Mark reviewed" focused.
import { ActionIcon, Alert, Badge, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconAlertCircle, IconPencil } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';
import type { TMessage, TMessageTranslation } from '../../api/messages';
import { ReviewBadge } from '../../components/ReviewBadge';
import { TranslationEditor, useCorrection } from '../../components/TranslationEditor';
import { useTranslation } from '../../i18n/react';
import { useLanguageName } from '../../i18n/use-language-name';
import { useUpdateTranslationMutation } from './queries';
import { SourceBadge } from './SourceBadge';
import { TranslationCheck } from './TranslationCheck';
import { MarkReviewed, StaleCorrection } from './TranslationReview';
import { STATUS_COLORS, shownStatus, targetTranslations } from './translation-status';

/** A language staff asked to review from the send confirmation; `at` tells two asks apart. */
export type TReviewRequest = { language: string; at: number };

export function TranslationList({
  message,
  onSaved,
  reviewRequest = null,
}: {
  message: TMessage;
  onSaved: (message: TMessage) => void;
  reviewRequest?: TReviewRequest | null;
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
            reviewRequest={reviewRequest?.language === language ? reviewRequest : null}
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
  /** Set when staff asked to review this one: it scrolls into view, "Mark reviewed" focused. */
  reviewRequest?: TReviewRequest | null;
};

export function TranslationItem({
  message,
  language,
  translation,
  onSaved,
  reviewRequest = null,
}: TranslationItemProps) {
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
  const box = useRef<HTMLDivElement>(null);
  const reviewAt = reviewRequest?.at;

  // Asked for from the send confirmation: once the tab shows it, bring it into view and focus the
  // button that reviews it (else the item itself, e.g. when it was reviewed meanwhile).
  useEffect(() => {
    if (reviewAt === undefined) return;
    const frame = requestAnimationFrame(() => {
      const item = box.current;
      if (!item) return;
      item.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
      const button = item.querySelector<HTMLElement>('[data-mark-reviewed]');
      (button ?? item).focus({ preventScroll: true });
    });
    return () => cancelAnimationFrame(frame);
  }, [reviewAt]);

  return (
    <Paper
      ref={box}
      withBorder
      p="sm"
      radius="md"
      data-translation={language}
      data-status={status}
      tabIndex={reviewRequest ? -1 : undefined}
      // The one staff came to review stands out from the others.
      style={
        reviewRequest ? { borderColor: 'var(--mantine-color-orange-filled)', borderWidth: 2 } : undefined
      }
      data-review-requested={reviewRequest ? true : undefined}
    >
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Group gap="xs">
          <Text fw={600} fz="sm">
            {name}
          </Text>
          <Badge size="sm" variant="light" color={STATUS_COLORS[status]} tt="none">
            {t(`status.${status}`)}
          </Badge>
          {status === 'completed' &&
            translation &&
            (translation.source ? (
              <SourceBadge source={translation.source} />
            ) : (
              <ReviewBadge review={translation.review_status} />
            ))}
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
          smsLanguage={language}
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
          {/* The phrasebook's words are vetted already: nothing for staff to approve. */}
          {translation.review_status === 'machine' &&
            translation.source !== 'phrasebook' &&
            !translation.previous_correction && (
              <MarkReviewed message={message} language={language} onSaved={onSaved} />
            )}
        </TranslationCheck>
      )}
    </Paper>
  );
}
