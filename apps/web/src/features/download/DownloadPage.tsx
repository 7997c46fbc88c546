import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';

export function DownloadPage() {
  const { t } = useTranslation('admin');
  return <PageTitle>{t('pages.download')}</PageTitle>;
}
