import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/PageTitle';

export function MachinesPage() {
  const { t } = useTranslation('admin');
  return <PageTitle>{t('pages.machines')}</PageTitle>;
}
