// A stand-in for the web app's subscriber page renderer (apps/web/dist-ssr/, decision 0044) with
// the same exports and request, for the server's side of it: what it asks, what it caches, what it
// sends. The real renderer is proven in the web app's tests and the browser journeys.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** The template's body: the fake puts the page there. */
export const FAKE_TEMPLATE = '<!doctype html><html><head></head><body><!--page--></body></html>';

const RENDERER = `
let renders = 0;
export function renderCount() { return renders; }
export async function planSubscriberPage(template, request) {
  const match = /^\\/(join|unsubscribe)\\/([^/]+)$/.exec(request.path);
  if (!match) return null;
  const slug = decodeURIComponent(match[2]);
  const language = (request.browserLanguages[0] ?? 'en').slice(0, 2);
  const info = await request.stationInfo(slug, language);
  if (!info) return null;
  return {
    key: JSON.stringify([request.path, language, request.year, info]),
    render: async () => {
      if (info.station.display_name.includes('render fails')) throw new Error('render failed');
      renders += 1;
      const page = '<script>document.documentElement.dataset.guard="' + language + '"</script>' +
        '<h1>' + info.station.display_name + '</h1>' +
        '<script type="application/json" id="data">' + JSON.stringify({ language, year: request.year, info }) + '</script>';
      return template.replace('<!--page-->', () => page);
    },
  };
}
`;

/** A dist-ssr folder with the fake renderer and template; its module URL for renderCount(). */
export function writeFakeRenderer(): { dir: string; moduleUrl: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ms-ssr-'));
  fs.writeFileSync(path.join(dir, 'entry-prerender.js'), RENDERER);
  fs.writeFileSync(path.join(dir, 'subscriber-page.html'), FAKE_TEMPLATE);
  return { dir, moduleUrl: pathToFileURL(path.join(dir, 'entry-prerender.js')).href };
}
