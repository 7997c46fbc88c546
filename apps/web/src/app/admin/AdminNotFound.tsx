// An /admin path that names no page: Page Not Found inside the admin layout (its own small chunk:
// the first view does not carry it).
import { IconMapQuestion } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/react';
import { AdminNotice } from './guards';

export function AdminNotFound() {
  const { t } = useTranslation();
  return (
    <AdminNotice
      icon={<IconMapQuestion size={32} aria-hidden="true" />}
      color="blue"
      title={t('notFound.title')}
      text={t('notFound.text')}
    />
  );
}
