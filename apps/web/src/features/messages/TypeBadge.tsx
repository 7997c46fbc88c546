// The message type's badge in the station's colour for it (messages table, detail modal,
// dashboard). A module of its own: the dashboard's first view needs it without the translation
// badges' tooltips (and Floating UI with them).
import { Badge } from '@mantine/core';
import type { TStationMessageType } from '../../api/sms-contacts';
import { safeColor } from '../subscribers/station-brand';

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
