// /admin/weather (admins): National Weather Service alerts drafted as translated messages. The
// settings (zones, events, severities, auto-send) and the alerts received with what each became.
import { Card, Stack, Title } from '@mantine/core';
import { ListLoadFailed, ListLoading } from '../../components/ListStates';
import { PageTitle } from '../../components/PageTitle';
import { useTranslation } from '../../i18n/react';
import { useWeatherSettingsQuery } from './queries';
import { WeatherAlertList } from './WeatherAlertList';
import { WeatherSettingsForm } from './WeatherSettingsForm';

export function WeatherPage() {
  const { t } = useTranslation('weather');
  const settings = useWeatherSettingsQuery();

  return (
    <>
      <PageTitle description={t('intro')}>{t('title')}</PageTitle>
      <Stack gap="lg">
        <Card p={{ base: 'md', lg: 'lg' }}>
          {settings.isPending ? (
            <ListLoading label={t('settings.title')} rows={2} />
          ) : settings.isError ? (
            <ListLoadFailed
              message={t('settings.loadFailed')}
              retryLabel={t('settings.retry')}
              onRetry={() => settings.refetch()}
            />
          ) : (
            // A fresh form when the saved settings change elsewhere (another admin, a check).
            <WeatherSettingsForm key={settings.data.updated_at ?? 'new'} settings={settings.data} />
          )}
        </Card>
        <Card p={{ base: 'md', lg: 'lg' }}>
          <Stack gap="md">
            <Title order={2} fz="h3">
              {t('alerts.title')}
            </Title>
            <WeatherAlertList />
          </Stack>
        </Card>
      </Stack>
    </>
  );
}
