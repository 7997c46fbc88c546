// What a failed zip download says, with the way to support.
import { Alert, Anchor, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';

export function DownloadFailed() {
  const { t } = useTranslation('admin', { keyPrefix: 'download' });
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden="true" />} role="alert">
      <Text fz="sm">{t('failed')}</Text>
      <Anchor component={Link} to="/admin/contact" fz="sm">
        {t('contactSupport')}
      </Anchor>
    </Alert>
  );
}
