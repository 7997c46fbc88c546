import { useTranslation } from 'react-i18next';
import { PublicPage } from '../components/PublicPage';

export function DocsPage() {
  const { t } = useTranslation('public');
  return <PublicPage title={t('pages.docs')} />;
}
