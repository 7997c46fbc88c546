// How far staff checked a translation (machine, reviewed, corrected): on messages and templates.
import { Badge } from '@mantine/core';
import type { TMessageTranslation } from '../api/messages';
import { useTranslation } from '../i18n/react';

const REVIEW_BADGES = {
  machine: { color: 'gray', variant: 'outline' },
  reviewed: { color: 'teal', variant: 'light' },
  corrected: { color: 'grape', variant: 'light' },
} as const;

export function ReviewBadge({ review }: { review: TMessageTranslation['review_status'] }) {
  const { t } = useTranslation('messages');
  return (
    <Badge size="sm" tt="none" {...REVIEW_BADGES[review]}>
      {t(`detail.review.${review}`)}
    </Badge>
  );
}
