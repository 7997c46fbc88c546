// Loopback stand-ins for the cloud voices' HTTP APIs: Google Cloud Text-to-Speech v1 and an
// OpenAI-compatible /v1/audio/speech. Each speaks its vendor's wire format (paths, key or bearer
// token, JSON bodies, error shapes), records every request and answers with real audio: a sine
// tone as a WAV made here, or that WAV encoded to MP3 by lame. Tests can make the next answers fail
// with a status and body, in any of the shapes of test/vendor-failures.ts (HTML, empty, Retry-After
// …), or never come, or stall after the headers (to exercise timeouts).
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { answerWithFailure, type TVendorFailure } from './vendor-failures.js';

export type TFakeSpeechRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  json: Record<string, unknown> | undefined;
};

type TReply = { status: number; json?: unknown; audio?: { bytes: Buffer; type: string } };

/** Replaces every answer while set: any of the failure shapes of test/vendor-failures.ts. */
export type TFakeSpeechOverride = TVendorFailure;

/** A 16-bit mono PCM WAV of a sine tone: `seconds` long, at a third of full scale. */
export function sineWav(seconds = 0.6, hertz = 440, sampleRate = 24_000): Buffer {
  const samples = Math.round(seconds * sampleRate);
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write('RIFF', 0, 'latin1');
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write('WAVEfmt ', 8, 'latin1');
  wav.writeUInt32LE(16, 16); // fmt chunk size
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(sampleRate, 24);
  wav.writeUInt32LE(sampleRate * 2, 28); // bytes per second
  wav.writeUInt16LE(2, 32); // bytes per frame
  wav.writeUInt16LE(16, 34); // bits per sample
  wav.write('data', 36, 'latin1');
  wav.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) {
    wav.writeInt16LE(Math.round(Math.sin((2 * Math.PI * hertz * i) / sampleRate) * 10_000), 44 + i * 2);
  }
  return wav;
}

/** The tone as MP3, encoded by the real lame (the tests that use MP3 need it installed). */
async function sineMp3(wav: Buffer): Promise<Buffer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'ms-fake-speech-'));
  try {
    await writeFile(path.join(dir, 'tone.wav'), wav);
    await promisify(execFile)('lame', ['--quiet', path.join(dir, 'tone.wav'), path.join(dir, 'tone.mp3')]);
    return await readFile(path.join(dir, 'tone.mp3'));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function startLoopback(handle: (request: TFakeSpeechRequest) => TReply | Promise<TReply>) {
  const requests: TFakeSpeechRequest[] = [];
  let override: TFakeSpeechOverride | undefined;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      raw += chunk;
    });
    req.on('end', async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      let json: Record<string, unknown> | undefined;
      try {
        json = raw ? JSON.parse(raw) : undefined;
      } catch {
        json = undefined;
      }
      const request = {
        method: req.method ?? '',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        json,
      };
      requests.push(request);
      if (override?.kind === 'hang') return; // never answers: the client must give up on its own
      if (override) {
        answerWithFailure(res, override);
        return;
      }
      const reply: TReply = await handle(request);
      res.statusCode = reply.status;
      if (reply.audio) {
        res.setHeader('content-type', reply.audio.type);
        res.end(reply.audio.bytes);
      } else if (reply.json !== undefined) {
        res.setHeader('content-type', 'application/json; charset=utf-8');
        res.end(JSON.stringify(reply.json));
      } else res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** Every following request gets this instead, until reset(). */
    override(value: TFakeSpeechOverride) {
      override = value;
    },
    reset() {
      override = undefined;
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * Google Cloud Text-to-Speech v1: POST /v1/text:synthesize?key=…
 * {input: {text}, voice: {languageCode, name}, audioConfig: {audioEncoding: LINEAR16 | MP3}}
 * → {audioContent: base64}. A wrong key is Google's 400 API_KEY_INVALID.
 */
export async function startFakeGoogleTts(options: { apiKey: string }) {
  const wav = sineWav();
  const mp3 = await sineMp3(wav);
  return startLoopback((request) => {
    if (request.method !== 'POST' || request.path !== '/v1/text:synthesize') {
      return { status: 404, json: { error: { code: 404, message: 'Not found', status: 'NOT_FOUND' } } };
    }
    if (request.query.key !== options.apiKey) {
      return {
        status: 400,
        json: {
          error: {
            code: 400,
            message: 'API key not valid. Please pass a valid API key.',
            status: 'INVALID_ARGUMENT',
            details: [{ '@type': 'type.googleapis.com/google.rpc.ErrorInfo', reason: 'API_KEY_INVALID' }],
          },
        },
      };
    }
    const body = request.json as
      | { input?: { text?: string }; voice?: { name?: string }; audioConfig?: { audioEncoding?: string } }
      | undefined;
    const encoding = body?.audioConfig?.audioEncoding;
    if (!body?.input?.text || !body.voice?.name || (encoding !== 'LINEAR16' && encoding !== 'MP3')) {
      return {
        status: 400,
        json: { error: { code: 400, message: 'Invalid request.', status: 'INVALID_ARGUMENT' } },
      };
    }
    const audio = encoding === 'MP3' ? mp3 : wav;
    return { status: 200, json: { audioContent: audio.toString('base64') } };
  });
}

/**
 * An OpenAI-compatible speech endpoint: POST /v1/audio/speech with `Authorization: Bearer …`,
 * {model, input, voice, response_format} → the audio bytes. A wrong key is OpenAI's 401, whose
 * message quotes part of the key, as OpenAI's does.
 */
export async function startFakeOpenAiSpeech(options: { apiKey?: string; voices?: string[] } = {}) {
  const wav = sineWav(0.8, 330);
  const mp3 = await sineMp3(wav);
  const voices = options.voices ?? ['alloy', 'nova', 'echo', 'fable', 'onyx', 'shimmer'];
  return startLoopback((request) => {
    if (request.method !== 'POST' || request.path !== '/v1/audio/speech') {
      return { status: 404, json: { error: { message: 'Not found', type: 'invalid_request_error' } } };
    }
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (options.apiKey && token !== options.apiKey) {
      return {
        status: 401,
        json: {
          error: {
            message: `Incorrect API key provided: ${token ?? ''}. You can find your API key in your account.`,
            type: 'invalid_request_error',
            code: 'invalid_api_key',
          },
        },
      };
    }
    const body = request.json as { model?: string; input?: string; voice?: string; response_format?: string };
    if (!body?.model || !body.input || !body.voice || !voices.includes(body.voice)) {
      return {
        status: 400,
        json: {
          error: {
            message: `Voice ${body?.voice ?? '(none)'} is not available.`,
            type: 'invalid_request_error',
          },
        },
      };
    }
    if (body.response_format === 'wav') return { status: 200, audio: { bytes: wav, type: 'audio/wav' } };
    return { status: 200, audio: { bytes: mp3, type: 'audio/mpeg' } };
  });
}
