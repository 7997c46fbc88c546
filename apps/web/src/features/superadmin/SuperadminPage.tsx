import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';

export function SuperadminPage() {
  const { t } = useTranslation('admin');
  return <PageTitle>{t('pages.superadmin')}</PageTitle>;
}
