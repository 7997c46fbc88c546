import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';

export function MessagesPage() {
  const { t } = useTranslation('admin');
  return <PageTitle>{t('pages.messages')}</PageTitle>;
}
