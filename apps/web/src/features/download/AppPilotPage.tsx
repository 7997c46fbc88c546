import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';

export function AppPilotPage() {
  const { t } = useTranslation('admin');
  return <PageTitle>{t('pages.appPilot')}</PageTitle>;
}
