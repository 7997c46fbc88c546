// The first-run checklist's join link (FirstRunCard.tsx): the address to copy and its QR code, with
// the stylesheets of the copy field beyond the admin area's first view, in the package's order.
// Loaded only while the station's first subscriber is still to come (decision 0062).
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Code.css';
import '@mantine/core/styles/Tooltip.css';
import { Group } from '@mantine/core';
import { CopyField } from '../../components/CopyField';
import { QrCode } from '../../components/QrCode';
import { useTranslation } from '../../i18n/react';

export function JoinLink({ url }: { url: string }) {
  const { t } = useTranslation('dashboard', { keyPrefix: 'firstRun' });
  return (
    <Group gap="md" align="center" wrap="wrap">
      <QrCode value={url} label={t('qrLabel', { url })} size={112} />
      <div style={{ flex: 1, minWidth: 200 }}>
        <CopyField
          label={t('joinLink')}
          value={url}
          labelWidth={90}
          dataAttribute="data-join-link"
          texts={{ copy: t('copy'), copied: t('copied'), copyAria: t('copyAria') }}
        />
      </div>
    </Group>
  );
}
