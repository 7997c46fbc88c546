import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';

export function UsersPage() {
  const { t } = useTranslation('admin');
  return <PageTitle>{t('pages.users')}</PageTitle>;
}
