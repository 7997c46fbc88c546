// The link back to the documentation's index, above every page of it.
import { Anchor } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/react';

export function AllDocumentationLink() {
  const { t } = useTranslation('docs');
  return (
    <Anchor component={Link} to="/docs" fz="sm" mb="md" display="inline-flex" style={{ gap: 4 }}>
      <IconArrowLeft size={16} aria-hidden="true" />
      {t('guide.back')}
    </Anchor>
  );
}
