// What can be checked in a finished translation without reading its language: the
// warnings a machine can see (numbers lost, text left untranslated) and, on request, the
// translation put back into the original's language beside the original.
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconArrowBackUp } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { serverErrorText } from '../../api/client';
import type { TMessage, TMessageTranslation } from '../../api/messages';
import { useTranslation } from '../../i18n/react';
import { useLanguageName } from '../../i18n/use-language-name';
import { useBackTranslationMutation } from './queries';

/** A back-translation that keeps under half of the original's words (decision 0050): said, in orange. */
export function BackTranslationFar({ back }: { back: { far: boolean; overlap: number } }) {
  const { t } = useTranslation('messages');
  if (!back.far) return null;
  return (
    <Group gap={6} wrap="nowrap" align="flex-start" mt={4} data-back-translation-far>
      <IconAlertTriangle
        size={14}
        aria-hidden="true"
        color="var(--mantine-color-orange-8)"
        style={{ flexShrink: 0, marginTop: 2 }}
      />
      <Text fz="xs" c="orange.9">
        {t('detail.back.far', { percent: Math.round(back.overlap * 100) })}
      </Text>
    </Group>
  );
}

type TranslationCheckProps = {
  message: TMessage;
  language: string;
  translation: TMessageTranslation;
  /** More actions on the same row (Mark reviewed). */
  children?: ReactNode;
};

export function TranslationCheck({ message, language, translation, children }: TranslationCheckProps) {
  const { t } = useTranslation('messages');
  const languageName = useLanguageName();
  const back = useBackTranslationMutation();
  const original = languageName(message.original_language);
  // An answer for a text that changed since is not shown as this text's.
  const shown = back.data?.translated_text === translation.translated_text ? back.data : null;
  return (
    <>
      {translation.warnings.length > 0 && (
        <Stack gap={4} mt="xs" data-translation-warnings>
          {translation.warnings.map((warning) => (
            <Group key={warning.code} gap={6} wrap="nowrap" align="flex-start">
              <IconAlertTriangle
                size={14}
                aria-hidden="true"
                color="var(--mantine-color-orange-8)"
                style={{ flexShrink: 0, marginTop: 2 }}
              />
              <Text fz="xs" c="orange">
                {t(`detail.warnings.${warning.code}`, { detail: warning.detail ?? '' })}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
      {shown && (
        <Paper mt="xs" p="xs" radius="sm" bg="var(--mantine-color-gray-0)" data-back-translation={language}>
          <Text fz="xs" fw={600}>
            {t('detail.back.title', { language: original })}
          </Text>
          <Text fz="sm" lang={message.original_language} style={{ whiteSpace: 'pre-wrap' }}>
            {shown.back_translation}
          </Text>
          <BackTranslationFar back={shown} />
          <Text fz="xs" c="dimmed" mt={4}>
            {t('detail.back.compare')}
          </Text>
        </Paper>
      )}
      {back.isError && (
        <Text fz="xs" c="red" mt="xs" role="alert">
          {serverErrorText(back.error, t('detail.back.failed'))}
        </Text>
      )}
      <Group justify="flex-end" gap="xs" mt="xs">
        {!shown && (
          <Button
            size="compact-sm"
            variant="subtle"
            leftSection={<IconArrowBackUp size={14} aria-hidden="true" />}
            loading={back.isPending}
            aria-label={t('detail.back.buttonLabel', { language: languageName(language), original })}
            onClick={() => back.mutate({ id: message.id, language })}
          >
            {t('detail.back.button', { language: original })}
          </Button>
        )}
        {children}
      </Group>
    </>
  );
}
