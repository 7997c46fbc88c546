import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';

export function BillingPage() {
  const { t } = useTranslation('admin');
  return <PageTitle>{t('pages.billing')}</PageTitle>;
}
