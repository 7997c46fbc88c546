import { useEffect } from 'react';
import { useTranslation } from '../i18n/react';

/** Sets the tab title to "{title} · Message Station", or just the product name without a title. */
export function useDocumentTitle(title?: string): void {
  const { t } = useTranslation();
  const productName = t('brand.name');
  useEffect(() => {
    document.title = title ? t('pageTitle', { title }) : productName;
  }, [title, productName, t]);
}
