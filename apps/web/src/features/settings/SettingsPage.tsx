// /admin/settings (admin only): station branding, message types and SMS settings.
import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { ListLoading } from '../../components/ListStates';
import { PageTitle } from '../../components/PageTitle';
import { useTranslation } from '../../i18n/react';
import { useMessageTypesQuery, useStationSettingsQuery } from './queries';
import { SettingsForm } from './SettingsForm';

export function SettingsPage() {
  const { t } = useTranslation('settings');
  const settings = useStationSettingsQuery();
  const types = useMessageTypesQuery();

  return (
    <>
      <PageTitle>{t('title')}</PageTitle>
      {settings.isError || types.isError ? (
        <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden="true" />}>
          {t('loadFailed')}
        </Alert>
      ) : settings.isPending || types.isPending ? (
        <ListLoading label={t('loading')} />
      ) : (
        <SettingsForm settings={settings.data} types={types.data} />
      )}
    </>
  );
}
