// A loopback stand-in for DeepL's API v2 for the journeys (started by playwright.config.ts): POST
// /v2/translate with `Authorization: DeepL-Auth-Key <key>` and JSON {text: [...], source_lang,
// target_lang}, answering {translations: [{detected_source_language, text}]} with the text marked by
// its target ("[DE] …"), or 403 as DeepL does for any key but E2E_DEEPL_KEY. The server reaches it
// through DEEPL_API_URL, so a station's DeepL key never leaves this machine in a journey.
import http from 'node:http';

const port = Number(process.env.E2E_DEEPL_PORT ?? 3109);
const key = process.env.E2E_DEEPL_KEY ?? 'e2e-deepl-key:fx';

function answer(response, status, body) {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify(body));
}

const server = http.createServer((request, response) => {
  let raw = '';
  request.setEncoding('utf8');
  request.on('data', (chunk) => {
    raw += chunk;
  });
  request.on('end', () => {
    if (request.method === 'GET' && request.url === '/healthz') return answer(response, 200, { ok: true });
    if (request.method !== 'POST' || request.url !== '/v2/translate') {
      return answer(response, 404, { message: 'Not found' });
    }
    if (request.headers.authorization !== `DeepL-Auth-Key ${key}`) {
      return answer(response, 403, { message: 'Authorization failure, check auth_key' });
    }
    let body;
    try {
      body = JSON.parse(raw);
    } catch {
      return answer(response, 400, { message: 'Invalid JSON' });
    }
    const texts = Array.isArray(body.text) ? body.text : [];
    const target = String(body.target_lang ?? '').toUpperCase();
    if (texts.length === 0 || !target)
      return answer(response, 400, { message: "Parameter 'text' not specified." });
    return answer(response, 200, {
      translations: texts.map((text) => ({
        detected_source_language: body.source_lang ?? 'EN',
        text: `[${target}] ${text}`,
      })),
    });
  });
});

server.listen(port, '127.0.0.1');
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.close(() => process.exit(0)));
