// Small badges of the messages table and the detail modal: one per target language coloured by its
// translation's status (failed shows the reason as tooltip), and the message type in its colour.
import { Badge, Group, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TMessage } from '../../api/messages';
import type { TStationMessageType } from '../../api/sms-contacts';
import { useLanguageName } from '../sms-contacts/use-language-name';
import { safeColor } from '../subscribers/station-brand';
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

export function TypeBadge({ type, types }: { type: string; types: TStationMessageType[] }) {
  const found = types.find((candidate) => candidate.message_type === type);
  return (
    <Badge
      color={safeColor(found?.color_code, 'gray')}
      variant="filled"
      autoContrast
      tt="none"
      data-type={type}
      style={{ minWidth: 'max-content' }}
    >
      {found?.display_name ?? type}
    </Badge>
  );
}
