import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';

export function AdminContactPage() {
  const { t } = useTranslation('admin');
  return <PageTitle>{t('pages.contact')}</PageTitle>;
}
