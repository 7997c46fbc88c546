import { Anchor, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';

/** A link that opens in a new tab and says so to screen readers. */
export function NewTabLink({ href, children }: { href: string; children?: ReactNode }) {
  const { t } = useTranslation('subscribers');
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" inherit>
      {children}
      <VisuallyHidden> {t('opensInNewTab')}</VisuallyHidden>
    </Anchor>
  );
}
