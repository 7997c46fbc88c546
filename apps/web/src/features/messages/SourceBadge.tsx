// Where a translation's words came from (decision 0050), as a small badge: our phrasebook, staff
// (written or reviewed), an engine the station trusts, or an engine nobody vouches for. The last
// two are in the warning colour: nobody read them before they would go out.
import { Badge } from '@mantine/core';
import { isTrustedSource, type TTranslationSource } from '@message-station/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/react';

const SOURCE_COLORS: Record<TTranslationSource, string> = {
  phrasebook: 'blue',
  staff: 'grape',
  reviewed: 'teal',
  trusted_engine: 'cyan',
  offline_engine: 'orange',
  engine: 'orange',
};

export function SourceBadge({ source, size = 'sm' }: { source: TTranslationSource; size?: 'xs' | 'sm' }) {
  const { t } = useTranslation('messages');
  const unvouched = !isTrustedSource(source);
  return (
    <Badge
      size={size}
      tt="none"
      variant="light"
      color={SOURCE_COLORS[source]}
      leftSection={unvouched ? <IconAlertTriangle size={11} aria-hidden="true" /> : undefined}
      data-source={source}
      // A badge in a narrow cell wraps its words instead of running over the next column.
      styles={{
        root: { height: 'auto', minHeight: 'var(--badge-height)', maxWidth: '100%', lineHeight: 1.35 },
        label: { whiteSpace: 'normal', overflow: 'visible', textAlign: 'left', paddingBlock: 1 },
      }}
    >
      {t(`source.${source}`)}
    </Badge>
  );
}
