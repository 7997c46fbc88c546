// Loads a guide of the documentation (a static markdown file, apps/web/public/docs/<guide>/) in
// the UI language, English when the translation is missing, and reads the 'Last updated:
// YYYY-MM-DD' line at its top.
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../api/client';

export type TDocsLanguage = 'en' | 'es';

/** The guides, each a page /docs/<guide> of its markdown file in each language. */
export const DOCS_GUIDES = ['sms', 'setup', 'desktop'] as const;
export type TDocsGuide = (typeof DOCS_GUIDES)[number];

/** Where a guide's file is served: index.md in English, index.<language>.md otherwise. */
export function guidePath(guide: TDocsGuide, language: TDocsLanguage): string {
  return language === 'en' ? `/docs/${guide}/index.md` : `/docs/${guide}/index.${language}.md`;
}

export type TGuideDocument = {
  /** The markdown without its 'Last updated' line. */
  markdown: string;
  /** 'YYYY-MM-DD', or null when the file does not say. */
  lastUpdated: string | null;
};

/**
 * The document could not be read; `reason` is the HTTP status text (or why there was none). An
 * ApiError, so the query client's rule applies: a 404 is not asked again, a network blip is.
 */
export class DocumentLoadError extends ApiError {
  readonly reason: string;

  constructor(status: number, reason: string) {
    super(status, `Failed to load documentation: ${reason}`);
    this.name = 'DocumentLoadError';
    this.reason = reason;
  }
}

const LAST_UPDATED = /^\s*Last updated:\s*(\d{4}-\d{2}-\d{2})[ \t]*(?:\n|$)/;

export function splitLastUpdated(text: string): TGuideDocument {
  const match = LAST_UPDATED.exec(text.replace(/^\uFEFF/, ''));
  if (!match) return { markdown: text, lastUpdated: null };
  return { markdown: text.replace(/^\uFEFF/, '').slice(match[0].length), lastUpdated: match[1] ?? null };
}

async function request(path: string, signal?: AbortSignal): Promise<Response> {
  try {
    return await fetch(path, { signal, headers: { Accept: 'text/markdown, text/plain' } });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new DocumentLoadError(0, NETWORK_ERROR_MESSAGE);
  }
}

/** A development server answers a missing file with the app's index.html: that is no document. */
function isHtml(response: Response): boolean {
  return (response.headers.get('content-type') ?? '').includes('text/html');
}

async function readDocument(path: string, signal?: AbortSignal): Promise<TGuideDocument> {
  const response = await request(path, signal);
  // HTTP/2 replies carry no status text; the code still says what went wrong.
  if (!response.ok)
    throw new DocumentLoadError(response.status, response.statusText || String(response.status));
  if (isHtml(response)) throw new DocumentLoadError(404, 'Not Found');
  return splitLastUpdated(await response.text());
}

export async function loadGuide(
  guide: TDocsGuide,
  language: TDocsLanguage,
  signal?: AbortSignal,
): Promise<TGuideDocument> {
  if (language !== 'en') {
    try {
      return await readDocument(guidePath(guide, language), signal);
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      // A missing or broken translation is no reason to show nothing: the English guide stands in.
    }
  }
  return readDocument(guidePath(guide, 'en'), signal);
}
