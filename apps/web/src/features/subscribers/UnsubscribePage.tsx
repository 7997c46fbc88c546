import { useTranslation } from 'react-i18next';
import { PublicPage } from '../../components/PublicPage';

export function UnsubscribePage() {
  const { t } = useTranslation('public');
  return <PublicPage title={t('pages.unsubscribe')} />;
}
