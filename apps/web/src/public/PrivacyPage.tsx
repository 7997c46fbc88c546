// The privacy policy, in the UI language.
import { Button } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from '../i18n/react';
import { LegalDocument } from './legal/LegalDocument';
import type { TLegalSection } from './legal/legal-section';
import { formatLongDate } from './legal/long-date';
import { PRIVACY_POLICY_DATES, PRIVACY_SECTIONS, type TPrivacySectionText } from './legal/privacy-policy';

export function PrivacyPage() {
  const { t, i18n } = useTranslation('legal');
  const language = i18n.resolvedLanguage ?? 'en';

  const contactAction = (
    <Button
      component={Link}
      to="/contact"
      variant="light"
      leftSection={<IconMail size={18} aria-hidden="true" />}
    >
      {t('privacy.contactAction')}
    </Button>
  );
  const sections: TLegalSection[] = PRIVACY_SECTIONS.map(({ key, id }) => ({
    id,
    ...(t(`privacy.sections.${key}`, { returnObjects: true }) as TPrivacySectionText),
    action: key === 'contact' ? contactAction : undefined,
  }));

  return (
    <LegalDocument
      title={t('privacy.title')}
      effective={formatLongDate(PRIVACY_POLICY_DATES.effective, language)}
      updated={formatLongDate(PRIVACY_POLICY_DATES.updated, language)}
      intro={t('privacy.intro')}
      sections={sections}
    />
  );
}
