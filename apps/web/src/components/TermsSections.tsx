// The sixteen sections of the Terms of Service in the UI language (shared text).
import { Stack, Text, Title } from '@mantine/core';
import { TERMS_OF_SERVICE } from '@message-station/shared';
import { useTranslation } from '../i18n/react';

/** 'August 26, 2025' in the UI language. */
export function formatTermsDate(date: string, language: string): string {
  return new Intl.DateTimeFormat(language === 'es' ? 'es-US' : 'en-US', { dateStyle: 'long' }).format(
    new Date(date),
  );
}

export function TermsSections({ headingOrder = 3 }: { headingOrder?: 2 | 3 | 4 }) {
  const { i18n } = useTranslation();
  const sections = TERMS_OF_SERVICE.sections[i18n.resolvedLanguage === 'es' ? 'es' : 'en'];
  return (
    <Stack gap="md">
      {sections.map((section, index) => (
        <Stack key={section.title} gap={4}>
          <Title order={headingOrder} fz="md">
            {index + 1}. {section.title}
          </Title>
          <Text fz="sm" style={{ whiteSpace: 'pre-line' }}>
            {section.body}
          </Text>
        </Stack>
      ))}
    </Stack>
  );
}
