// Small badges of the messages table and the detail modal: one per target language coloured by its
// translation's status (failed shows the reason as tooltip). The message type's badge is TypeBadge.tsx.
import { Badge, Group, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import type { TMessage } from '../../api/messages';
import { useTranslation } from '../../i18n/react';
import { useLanguageName } from '../../i18n/use-language-name';
import { STATUS_COLORS, shownStatus, targetTranslations } from './translation-status';

export function TranslationBadges({ message }: { message: TMessage }) {
  const { t } = useTranslation('messages');
  const languageName = useLanguageName();
  const targets = targetTranslations(message);
  if (targets.length === 0) {
    return (
      <Text fz="sm" c="dimmed">
        {t('noTargets')}
      </Text>
    );
  }
  return (
    <Group gap={4} wrap="wrap">
      {targets.map(({ language, translation }) => {
        const status = shownStatus(translation);
        const statusText = t(`status.${status}`);
        const tooltip =
          status === 'failed'
            ? (translation?.error ?? t('detail.failedUnknown'))
            : t('translationBadge', { language: languageName(language), status: statusText });
        return (
          <Tooltip key={language} label={tooltip} withArrow multiline maw={320}>
            <Badge
              size="sm"
              radius="sm"
              variant="light"
              color={STATUS_COLORS[status]}
              data-language={language}
              data-status={status}
              style={{ minWidth: 'max-content' }}
            >
              {language.toUpperCase()}
              <VisuallyHidden>
                {' '}
                {t('translationBadge', { language: languageName(language), status: statusText })}
              </VisuallyHidden>
            </Badge>
          </Tooltip>
        );
      })}
    </Group>
  );
}
