// Dates of the Account page (sessions, two-factor since) in the page's language.
import { useTranslation } from '../../i18n/react';

export function useAccountDate(): (value: string) => string {
  const { i18n } = useTranslation('account');
  const locale = i18n.resolvedLanguage === 'es' ? 'es-US' : 'en-US';
  const format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
  return (value) => format.format(new Date(value));
}
