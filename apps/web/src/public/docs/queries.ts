// The documentation pages' data: the SMS compliance guide in the UI language.
import { useQuery } from '@tanstack/react-query';
import { loadSmsDocument, type TDocsLanguage } from './sms-document';

/** [...smsDocumentKey, language]: each language is its own document. */
export const smsDocumentKey = ['docs', 'sms'] as const;

export function useSmsDocumentQuery(language: TDocsLanguage) {
  return useQuery({
    queryKey: [...smsDocumentKey, language],
    queryFn: ({ signal }) => loadSmsDocument(language, signal),
    // A static file changes only with a deploy.
    staleTime: Number.POSITIVE_INFINITY,
  });
}
