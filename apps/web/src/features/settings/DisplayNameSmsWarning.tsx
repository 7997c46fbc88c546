// Every SMS starts with the display name (decision 0012): one character outside GSM-7 in it turns
// every text the station sends into UCS-2, 70 characters per segment instead of 160.
import { Alert } from '@mantine/core';
import { nonGsm7Characters } from '@message-station/shared';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/react';

export function DisplayNameSmsWarning({ displayName }: { displayName: string }) {
  const { t, i18n } = useTranslation('settings');
  const outside = nonGsm7Characters(displayName.trim());
  if (outside.length === 0) return null;
  const list = new Intl.ListFormat(i18n.resolvedLanguage === 'es' ? 'es' : 'en', { type: 'conjunction' });
  return (
    <Alert color="yellow" variant="light" p="xs" icon={<IconAlertTriangle size={16} aria-hidden="true" />}>
      {t('branding.displayNameUcs2', {
        characters: list.format(outside.map((character) => `“${character}”`)),
      })}
    </Alert>
  );
}
