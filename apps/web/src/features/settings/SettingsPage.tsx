import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';

export function SettingsPage() {
  const { t } = useTranslation('admin');
  return <PageTitle>{t('pages.settings')}</PageTitle>;
}
