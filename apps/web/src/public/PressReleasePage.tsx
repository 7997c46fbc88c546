import { useTranslation } from 'react-i18next';
import { PublicPage } from '../components/PublicPage';

export function PressReleasePage() {
  const { t } = useTranslation('public');
  return <PublicPage title={t('pages.pressRelease')} />;
}
