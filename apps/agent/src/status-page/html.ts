// The status page itself: one self-contained HTML document (no external assets) that renders
// the agent's status from /status.json every two seconds and posts the sign-in and sign-out forms
// and the start-at-login switch. English only, like the agent's other texts.
import type { TAgentStatus } from '../status.js';

/** JSON safe inside a <script> element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

const STYLE = `
:root { color-scheme: light dark; --ok: #1e7d32; --wait: #b26a00; --bad: #c62828; --muted: #6b7280; --line: #d1d5db; --card: #ffffff; --page: #f3f4f6; --text: #111827; }
@media (prefers-color-scheme: dark) { :root { --card: #1f2937; --page: #111827; --text: #f9fafb; --line: #374151; --muted: #9ca3af; } }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; background: var(--page); color: var(--text); }
main { max-width: 860px; margin: 0 auto; padding: 24px 16px 48px; }
header { display: flex; align-items: center; justify-content: space-between; gap: 12px; flex-wrap: wrap; }
h1 { font-size: 1.6rem; margin: 0; }
h2 { font-size: 1.1rem; margin: 0 0 12px; }
section { background: var(--card); border: 1px solid var(--line); border-radius: 10px; padding: 16px 20px; margin-top: 16px; }
.badge { display: inline-block; padding: 4px 12px; border-radius: 999px; font-weight: 600; color: #fff; background: var(--muted); }
.badge.connected { background: var(--ok); } .badge.connecting { background: var(--wait); } .badge.error { background: var(--bad); }
.detail { margin: 8px 0 0; }
.detail.error { color: var(--bad); font-weight: 600; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 6px 20px; margin: 0; }
dt { color: var(--muted); } dd { margin: 0; overflow-wrap: anywhere; }
table { width: 100%; border-collapse: collapse; }
th, td { text-align: left; padding: 6px 8px; border-bottom: 1px solid var(--line); vertical-align: top; }
th { color: var(--muted); font-weight: 600; }
.missing { color: var(--muted); }
ol { list-style: none; margin: 0; padding: 0; }
ol li { padding: 6px 0; border-bottom: 1px solid var(--line); display: flex; gap: 14px; }
ol time { color: var(--muted); white-space: nowrap; font-variant-numeric: tabular-nums; }
ol li span { min-width: 0; overflow-wrap: anywhere; }
#version { margin-top: 16px; }
form { display: grid; gap: 12px; max-width: 520px; }
label { display: grid; gap: 4px; font-weight: 600; }
input { font: inherit; font-weight: 400; padding: 8px 10px; border: 1px solid var(--line); border-radius: 6px; background: var(--page); color: var(--text); }
button { font: inherit; font-weight: 600; padding: 8px 16px; border-radius: 6px; border: 0; background: #2563eb; color: #fff; cursor: pointer; justify-self: start; }
button.secondary { background: transparent; color: var(--text); border: 1px solid var(--line); }
.form-message { margin: 0; font-weight: 600; }
.form-message.error { color: var(--bad); } .form-message.ok { color: var(--ok); }
.hint { color: var(--muted); font-size: 0.9rem; margin: 0; overflow-wrap: anywhere; }
.switch { display: flex; align-items: center; gap: 12px; font-weight: 600; cursor: pointer; margin-bottom: 8px; }
.switch input { appearance: none; flex: none; width: 44px; height: 24px; margin: 0; padding: 0; border-radius: 999px; border: 1px solid var(--line); background: var(--line); position: relative; cursor: pointer; transition: background 0.15s; }
.switch input::before { content: ""; position: absolute; top: 2px; left: 2px; width: 18px; height: 18px; border-radius: 50%; background: #fff; box-shadow: 0 1px 2px rgb(0 0 0 / 0.3); transition: transform 0.15s; }
.switch input:checked { background: #2563eb; border-color: #2563eb; }
.switch input:checked::before { transform: translateX(20px); }
.switch input:focus-visible { outline: 2px solid #2563eb; outline-offset: 2px; }
.switch input:disabled { opacity: 0.6; cursor: wait; }
#start-at-login-message:not(:empty) { margin-top: 8px; }
`;

const SCRIPT = `
const $ = (id) => document.getElementById(id);
const LANGUAGES = { en: 'English', es: 'Spanish', fr: 'French', de: 'German', it: 'Italian', pt: 'Portuguese', zh: 'Chinese', ja: 'Japanese', ko: 'Korean' };
let current = JSON.parse($('initial-status').textContent);

function text(id, value) { $(id).textContent = value == null || value === '' ? '—' : String(value); }
function row(cells, className) {
  const tr = document.createElement('tr');
  for (const cell of cells) { const td = document.createElement('td'); td.textContent = cell; tr.append(td); }
  if (className) tr.className = className;
  return tr;
}

function render(status) {
  current = status;
  const badge = $('state');
  badge.textContent = status.state === 'error' ? 'Not connected' : status.state_text;
  badge.className = 'badge ' + status.state;
  const detail = $('detail');
  detail.textContent = status.state === 'error' ? status.state_text : (status.detail || '');
  detail.className = 'detail' + (status.state === 'error' ? ' error' : '');
  text('server', status.server_url);
  text('station', status.station.display_name ? status.station.display_name + ' (' + status.station.id + ')' : status.station.id);
  text('user', status.user ? (status.user.full_name ? status.user.full_name + ' <' + status.user.email + '>' : status.user.email) : null);
  text('machine', status.client_name);
  text('platform', status.platform);
  text('audio', status.audio_output_device);
  text('engine', status.speech_engine);
  text('export', status.export_dir);
  text('store', status.credential_store);
  text('playing', status.playing ? status.playing.title : 'Nothing');
  text('version', 'Version ' + status.version);
  const warnings = $('warnings');
  warnings.textContent = status.warnings.length ? 'Credential store: ' + status.warnings.join(' ') : '';
  warnings.hidden = status.warnings.length === 0;
  const voices = $('voices');
  voices.replaceChildren();
  for (const [code, name] of Object.entries(LANGUAGES)) {
    if (status.voices[code]) voices.append(row([name, status.voices[code]]));
    else voices.append(row([name, status.missing_voices[code] || 'No voice'], 'missing'));
  }
  const actions = $('actions');
  actions.replaceChildren();
  if (status.actions.length === 0) { const li = document.createElement('li'); li.textContent = 'Nothing yet.'; actions.append(li); }
  for (const action of status.actions) {
    const li = document.createElement('li');
    const time = document.createElement('time');
    time.dateTime = action.at;
    time.textContent = new Date(action.at).toLocaleTimeString();
    const span = document.createElement('span');
    span.textContent = action.text;
    li.append(time, span);
    actions.append(li);
  }
  const login = $('start_at_login');
  if (!login.dataset.busy) login.checked = status.start_at_login.enabled;
  $('start-at-login-file').textContent = status.start_at_login.enabled
    ? 'Starts from ' + status.start_at_login.file + '. Turning this off deletes that file.'
    : 'Turning this on writes ' + status.start_at_login.file + ', which starts Message Station (without opening this page) when you log in.';
  const signedIn = status.state !== 'signed_out';
  $('sign-out-section').hidden = !signedIn;
  $('sign-in-title').textContent = signedIn ? 'Sign in again or change station' : 'Sign in';
  const server = $('server_url'); if (document.activeElement !== server && !server.dataset.touched) server.value = status.server_url;
  const station = $('station_id'); if (document.activeElement !== station && !station.dataset.touched) station.value = status.station.id || '';
}

async function refresh() {
  try {
    const response = await fetch('/status.json', { cache: 'no-store' });
    if (response.ok) render(await response.json());
  } catch { /* the agent is restarting; try again shortly */ }
}

async function post(path, body) {
  const response = await fetch(path, { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json' }, body: JSON.stringify(body) });
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(answer.error || 'Something went wrong (' + response.status + ').');
  return answer;
}

function say(id, message, ok) { const el = $(id); el.textContent = message; el.className = 'form-message ' + (ok ? 'ok' : 'error'); }

for (const id of ['server_url', 'station_id']) $(id).addEventListener('input', (event) => { event.target.dataset.touched = '1'; });

$('sign-in').addEventListener('submit', async (event) => {
  event.preventDefault();
  const form = new FormData(event.target);
  try {
    const answer = await post('/sign-in', Object.fromEntries(form));
    $('api_key').value = '';
    delete $('server_url').dataset.touched; delete $('station_id').dataset.touched;
    say('sign-in-message', 'Saved. Connecting…', true);
    render(answer.status);
  } catch (error) { say('sign-in-message', error.message, false); }
});

$('sign-out').addEventListener('submit', async (event) => {
  event.preventDefault();
  try { const answer = await post('/sign-out', {}); say('sign-in-message', 'Signed out.', true); render(answer.status); }
  catch (error) { say('sign-in-message', error.message, false); }
});

$('start_at_login').addEventListener('change', async (event) => {
  const toggle = event.target;
  const enabled = toggle.checked;
  toggle.dataset.busy = '1';
  toggle.disabled = true;
  try {
    const answer = await post('/start-at-login', { enabled });
    delete toggle.dataset.busy;
    render(answer.status);
    say('start-at-login-message', enabled ? 'On: Message Station will start when you log in to this computer.' : 'Off: Message Station will no longer start when you log in.', true);
  } catch (error) {
    delete toggle.dataset.busy;
    toggle.checked = current.start_at_login.enabled;
    say('start-at-login-message', error.message, false);
  } finally { toggle.disabled = false; }
});

render(current);
setInterval(refresh, 2000);
`;

export function statusPageHtml(status: TAgentStatus, nonce: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Message Station</title>
<style>${STYLE}</style>
</head>
<body>
<main>
  <header>
    <h1>Message Station</h1>
    <span id="state" class="badge">…</span>
  </header>
  <p id="detail" class="detail" role="status" aria-live="polite"></p>
  <noscript><p class="detail error">This page needs JavaScript to show the live status.</p></noscript>

  <section aria-labelledby="machine-title">
    <h2 id="machine-title">This machine</h2>
    <dl>
      <dt>Server</dt><dd id="server"></dd>
      <dt>Station</dt><dd id="station"></dd>
      <dt>Signed in as</dt><dd id="user"></dd>
      <dt>Machine name</dt><dd id="machine"></dd>
      <dt>Platform</dt><dd id="platform"></dd>
      <dt>Audio output</dt><dd id="audio"></dd>
      <dt>Speech engine</dt><dd id="engine"></dd>
      <dt>Now playing</dt><dd id="playing"></dd>
      <dt>Export folder</dt><dd id="export"></dd>
      <dt>API key kept in</dt><dd id="store"></dd>
    </dl>
    <p id="warnings" class="hint" hidden></p>
  </section>

  <section aria-labelledby="voices-title">
    <h2 id="voices-title">Voices</h2>
    <table><thead><tr><th>Language</th><th>Voice</th></tr></thead><tbody id="voices"></tbody></table>
  </section>

  <section aria-labelledby="actions-title">
    <h2 id="actions-title">Recent actions</h2>
    <ol id="actions"></ol>
  </section>

  <section aria-labelledby="sign-in-title">
    <h2 id="sign-in-title">Sign in</h2>
    <form id="sign-in" method="post" action="/sign-in" autocomplete="off">
      <label for="server_url">Server address<input id="server_url" name="server_url" type="url" required></label>
      <label for="station_id">Station ID<input id="station_id" name="station_id" required spellcheck="false"></label>
      <label for="api_key">API key<input id="api_key" name="api_key" type="password" required spellcheck="false" placeholder="ms-…"></label>
      <p class="hint">An admin finds the Station ID and creates API keys on the Users page of the Message Station admin area.</p>
      <button type="submit">Save and connect</button>
      <p id="sign-in-message" class="form-message" role="alert"></p>
    </form>
  </section>

  <section aria-labelledby="start-at-login-title">
    <h2 id="start-at-login-title">Start at login</h2>
    <label class="switch" for="start_at_login"><input id="start_at_login" type="checkbox" role="switch"><span>Start Message Station when I log in to this computer</span></label>
    <p id="start-at-login-file" class="hint"></p>
    <p id="start-at-login-message" class="form-message" role="alert"></p>
  </section>

  <section id="sign-out-section" aria-label="Sign out" hidden>
    <form id="sign-out" method="post" action="/sign-out">
      <p class="hint">Signing out removes the API key from this computer and disconnects it.</p>
      <button type="submit" class="secondary">Sign out</button>
    </form>
  </section>
  <p id="version" class="hint"></p>
</main>
<script id="initial-status" type="application/json">${scriptJson(status)}</script>
<script nonce="${nonce}">${SCRIPT}</script>
</body>
</html>`;
}

/** A plain page for the forms when JavaScript is off. */
export function messagePageHtml(title: string, message: string): string {
  const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main><section><h2>${escapeHtml(title)}</h2><p>${escapeHtml(message)}</p><p><a href="/">Back to the status page</a></p></section></main></body></html>`;
}
