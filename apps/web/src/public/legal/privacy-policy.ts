// The privacy policy's dates and the order of its sections in the locale files.

export const PRIVACY_POLICY_DATES = { effective: '2025-08-26', updated: '2025-09-30' } as const;

/** Section keys under `legal:privacy.sections`, in reading order, with their anchor ids. */
export const PRIVACY_SECTIONS = [
  { key: 'whoWeAre', id: 'who-we-are' },
  { key: 'collect', id: 'information-we-collect' },
  { key: 'notDo', id: 'what-we-dont-do' },
  { key: 'cookies', id: 'cookies' },
  { key: 'use', id: 'how-we-use-information' },
  { key: 'processors', id: 'service-providers' },
  { key: 'retention', id: 'data-retention' },
  { key: 'rights', id: 'your-rights' },
  { key: 'children', id: 'children' },
  { key: 'security', id: 'security' },
  { key: 'changes', id: 'changes' },
  { key: 'contact', id: 'contact' },
] as const;

export type TPrivacySectionText = {
  title: string;
  paragraphs: string[];
  items?: string[];
  closing?: string[];
};
