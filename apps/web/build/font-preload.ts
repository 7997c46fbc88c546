// The product's font (decision 0084) is asked for by the first paint's stylesheet, which
// a browser reads only after the document (the admin area's, once its scripts have drawn text).
// The build names it in the document's head as a preload, so it loads beside the scripts; the
// prerendered pages and the subscriber pages' template start from that document and keep it.
import type { Plugin } from 'vite';

/**
 * The emitted font files to preload: the first paint's Inter subset of src/app/fonts/fonts.css, not
 * its second file (inter-extra), which only a page showing one of its letters loads.
 */
export const PRELOADED_FONT = /^assets\/inter-latin-[\w-]+\.woff2$/;

/** The document with a preload of each font in its head, before its first stylesheet or script. */
export function withFontPreloads(html: string, fontFiles: readonly string[]): string {
  if (!fontFiles.length) return html;
  const links = fontFiles
    .map((file) => `<link rel="preload" href="/${file}" as="font" type="font/woff2" crossorigin>`)
    .join('\n    ');
  const anchor = /<link rel="(?:stylesheet|modulepreload)"|<script type="module"/.exec(html);
  if (!anchor) throw new Error('the document has no stylesheet or script to put the font preload before');
  return `${html.slice(0, anchor.index)}${links}\n    ${html.slice(anchor.index)}`;
}

export function fontPreload(): Plugin {
  return {
    name: 'message-station:font-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const fonts = Object.keys(context.bundle ?? {}).filter((file) => PRELOADED_FONT.test(file));
        if (!fonts.length) throw new Error('the build emitted no Inter font file to preload (src/app/fonts)');
        return withFontPreloads(html, fonts);
      },
    },
  };
}
