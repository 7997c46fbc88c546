// A machine's audio output as the Machines page shows it: the device's own name, the computer's
// default, or the silent output (no device), worded in the reader's language.
import { Text } from '@mantine/core';
import { AGENT_SILENT_DEVICE } from '@message-station/shared';
import { useTranslation } from '../../i18n/react';

export function AudioDevice({ device }: { device: string | null }) {
  const { t } = useTranslation('admin', { keyPrefix: 'machines' });
  if (device && device !== AGENT_SILENT_DEVICE) return <>{device}</>;
  return (
    <Text fz="sm" c="dimmed" span>
      {device ? t('silentDevice') : t('defaultDevice')}
    </Text>
  );
}
