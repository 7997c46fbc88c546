// The shape every legal page's section takes, whatever its source (shared terms, locale file).
import type { ReactNode } from 'react';

export type TLegalSection = {
  /** Anchor id, the same in every language so links to a section keep working. */
  id: string;
  title: string;
  paragraphs: readonly string[];
  items?: readonly string[];
  /** Paragraphs after the list. */
  closing?: readonly string[];
  /** A call to action under the text, such as a link to the contact form. */
  action?: ReactNode;
};

/** Brings a section's heading into view and gives it focus, so keyboard and screen reader users land there too. */
export function jumpToSection(id: string): void {
  const heading = document.getElementById(id);
  if (!heading) return;
  heading.scrollIntoView({ behavior: 'smooth', block: 'start' });
  heading.focus({ preventScroll: true });
}
