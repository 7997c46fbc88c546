import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';
import { useSessionUser } from '../auth/session-user';

export function DashboardPage() {
  const { t } = useTranslation('admin');
  const user = useSessionUser();
  return (
    <>
      <PageTitle>{t('pages.dashboard')}</PageTitle>
      <Text fz="lg" fw={500}>
        {t('pages.welcome', { name: user.fullName })}
      </Text>
      <Text c="dimmed">{t('pages.stationLine', { station: user.stationName })}</Text>
    </>
  );
}
