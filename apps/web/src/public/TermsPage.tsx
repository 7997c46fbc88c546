// The Terms of Service: the same shared text the signup wizard shows
// and GET /terms answers, sixteen numbered sections with a jump menu on small screens.
import { TERMS_OF_SERVICE } from '@message-station/shared/catalogue';
import { formatTermsDate } from '../components/TermsSections';
import { useTranslation } from '../i18n/react';
import { LegalDocument } from './legal/LegalDocument';
import type { TLegalSection } from './legal/legal-section';

export function TermsPage() {
  const { t, i18n } = useTranslation('legal');
  const language = i18n.resolvedLanguage === 'es' ? 'es' : 'en';
  // Ids by position: the same in both languages, so /terms#section-14 survives a language switch.
  const sections: TLegalSection[] = TERMS_OF_SERVICE.sections[language].map((section, index) => ({
    id: `section-${index + 1}`,
    title: section.title,
    paragraphs: section.body.split(/\n{2,}/),
  }));

  return (
    <LegalDocument
      title={t('terms.title')}
      effective={formatTermsDate(TERMS_OF_SERVICE.effectiveDate, language)}
      updated={formatTermsDate(TERMS_OF_SERVICE.updated, language)}
      sections={sections}
    />
  );
}
