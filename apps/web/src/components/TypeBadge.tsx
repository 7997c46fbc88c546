// The message type's badge in the station's colour for it (messages table, detail modal,
// dashboard). A module of its own: the dashboard's first view needs it without the translation
// badges' tooltips (and Floating UI with them).
import { Badge } from '@mantine/core';
import type { TStationMessageType } from '../api/sms-contacts';
import { stationFill } from '../lib/station-brand';

export function TypeBadge({ type, types }: { type: string; types: TStationMessageType[] }) {
  const found = types.find((candidate) => candidate.message_type === type);
  return (
    <Badge
      // Without a colour of its own: the theme's filled grey, white text on it (autoContrast reads a
      // CSS variable as dark).
      color={stationFill(found?.color_code, 'var(--mantine-color-gray-filled)')}
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
