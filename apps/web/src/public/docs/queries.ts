// The documentation pages' data: a guide in the UI language.
import { useQuery } from '@tanstack/react-query';
import { loadGuide, type TDocsGuide, type TDocsLanguage } from './guide-document';

/** [...guidesKey, guide, language]: each guide in each language is its own document. */
export const guidesKey = ['docs'] as const;

export function useGuideQuery(guide: TDocsGuide, language: TDocsLanguage) {
  return useQuery({
    queryKey: [...guidesKey, guide, language],
    queryFn: ({ signal }) => loadGuide(guide, language, signal),
    // A static file changes only with a deploy.
    staleTime: Number.POSITIVE_INFINITY,
  });
}
