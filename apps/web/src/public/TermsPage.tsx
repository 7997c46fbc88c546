import { Text } from '@mantine/core';
import { TERMS_OF_SERVICE } from '@message-station/shared';
import { useTranslation } from 'react-i18next';
import { PublicPage } from '../components/PublicPage';
import { formatTermsDate, TermsSections } from '../components/TermsSections';

/** The Terms of Service: the same shared text the signup wizard shows and GET /terms answers. */
export function TermsPage() {
  const { t, i18n } = useTranslation('public');
  const language = i18n.resolvedLanguage ?? 'en';
  return (
    <PublicPage title={t('pages.terms')}>
      <Text c="dimmed" mb="lg">
        {t('termsDates', {
          effective: formatTermsDate(TERMS_OF_SERVICE.effectiveDate, language),
          updated: formatTermsDate(TERMS_OF_SERVICE.updated, language),
        })}
      </Text>
      <TermsSections headingOrder={2} />
    </PublicPage>
  );
}
