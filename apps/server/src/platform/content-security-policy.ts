// The Content-Security-Policy of every answer (decision 0022): pages allow only this site's
// scripts plus the hashes of their own inline scripts, styles by a fresh nonce per answer; every
// other answer (API, assets, uploads) allows nothing at all.
import crypto from 'node:crypto';

/** Cloudflare Turnstile's script and frame origin, allowed only when Turnstile is the bot check. */
export const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com';

/** API replies, JSON errors, assets, downloads: nothing may load, run or frame them. */
export const RESOURCE_POLICY =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** Uploaded images (station logos): never a document, even opened on their own. */
export const UPLOAD_POLICY = "default-src 'none'; sandbox; frame-ancestors 'none'";

export type TPagePolicyOptions = {
  /** 'sha256-…' sources of the page's own inline scripts. */
  scriptHashes: readonly string[];
  /** This answer's nonce: Mantine's and the prerendered page's <style> elements carry it. */
  nonce: string;
  turnstile: boolean;
};

export function pagePolicy({ scriptHashes, nonce, turnstile }: TPagePolicyOptions): string {
  const hashes = scriptHashes.map((hash) => `'${hash}'`);
  const thirdParty = turnstile ? [TURNSTILE_ORIGIN] : [];
  const directives: [string, ...string[]][] = [
    ['default-src', "'self'"],
    ['script-src', "'self'", ...hashes, ...thirdParty],
    // <style> elements: this site's stylesheets and those stamped with this answer's nonce.
    ['style-src', "'self'", `'nonce-${nonce}'`],
    // Style attributes: Mantine writes every style prop and component variable as one in the
    // server-rendered markup (decision 0022); they cannot run script or select elements.
    ['style-src-attr', "'unsafe-inline'"],
    ['img-src', "'self'", 'data:', 'blob:'],
    // Settings → Voice plays its "Listen" sample from a blob: URL (decision 0034).
    ['media-src', "'self'", 'blob:'],
    ['font-src', "'self'"],
    ['connect-src', "'self'"],
    // The ALTCHA proof-of-work runs in a worker loaded from this site's assets.
    ['worker-src', "'self'"],
    ['frame-src', ...(turnstile ? thirdParty : ["'none'"])],
    ['object-src', "'none'"],
    ['base-uri', "'self'"],
    ['form-action', "'self'"],
    ['frame-ancestors', "'none'"],
  ];
  return directives.map((directive) => directive.join(' ')).join('; ');
}

/** 'sha256-…' of each inline <script> (one without src) in a page, in document order. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, attributes = '', body = ''] = match;
    if (/\bsrc\s*=/i.test(attributes)) continue;
    hashes.push(`sha256-${crypto.createHash('sha256').update(body, 'utf8').digest('base64')}`);
  }
  return [...new Set(hashes)];
}

/** 128 random bits, fresh for every page answer. */
export function newNonce(): string {
  return crypto.randomBytes(16).toString('base64');
}
