import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';

export function SmsContactsPage() {
  const { t } = useTranslation('admin');
  return <PageTitle>{t('pages.smsContacts')}</PageTitle>;
}
