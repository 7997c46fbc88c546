// What the cloud voices share: one request with a deadline whose answer is audio bytes or a JSON
// error. Failures are worded as the translation engines word theirs (translation/http.ts), with
// the API key cut out, should a vendor echo it.

import { requestIdHeaders } from '../../platform/request-context.js';
import {
  httpFailure,
  kindForStatus,
  retryAfterSeconds,
  type THttpEngine,
  type THttpReply,
  unreachable,
} from '../translation/http.js';
import { SpeechError, type TSpeechFailureKind } from './types.js';

export type TSpeechHttpEngine = THttpEngine & {
  /** The API key: cut out of any words that reach a page or a log. */
  secret?: string;
};

export type TSpeechReply = THttpReply & { bytes: Buffer };

function redact(engine: TSpeechHttpEngine, words: string): string {
  return engine.secret ? words.split(engine.secret).join('[key]') : words;
}

export async function sendSpeechRequest(
  engine: TSpeechHttpEngine,
  url: string,
  init: RequestInit,
): Promise<TSpeechReply> {
  let response: Response;
  let bytes: Buffer;
  try {
    response = await fetch(url, {
      ...init,
      headers: { ...requestIdHeaders(), ...(init.headers as Record<string, string> | undefined) },
      signal: AbortSignal.timeout(engine.timeoutMs),
    });
    // The deadline covers the body too: audio that stalls halfway is a timeout like no answer.
    bytes = Buffer.from(await response.arrayBuffer());
  } catch (error) {
    const failure = unreachable(engine, error);
    throw new SpeechError('transient', redact(engine, failure.message), {
      engine: engine.provider,
      ...(failure.problem === 'timeout' ? { reason: 'timeout' as const } : {}),
    });
  }
  const contentType = response.headers.get('content-type') ?? '';
  const audio = contentType.startsWith('audio/');
  const text = audio ? '' : bytes.toString('utf8');
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined;
  }
  return {
    status: response.status,
    body,
    text,
    bytes,
    contentType,
    retryAfterSeconds: retryAfterSeconds(response.headers.get('retry-after')),
  };
}

export function speechHttpFailure(
  engine: TSpeechHttpEngine,
  reply: TSpeechReply,
  plain?: string,
  kind: TSpeechFailureKind = kindForStatus(reply.status),
): SpeechError {
  // A refused key's explanation often quotes part of the key: left out.
  const refusedKey = reply.status === 401 || reply.status === 403;
  const told = refusedKey ? { ...reply, body: undefined, text: '' } : reply;
  const failure = httpFailure(engine, told, kind, plain);
  return new SpeechError(kind, redact(engine, failure.message), {
    engine: engine.provider,
    status: reply.status,
    ...(reply.retryAfterSeconds !== undefined ? { retryAfterSeconds: reply.retryAfterSeconds } : {}),
  });
}

/** A 2xx answer without the audio the API promises. */
export function noAudio(engine: TSpeechHttpEngine): SpeechError {
  return new SpeechError('transient', `${engine.label} answered without audio in it`, {
    engine: engine.provider,
  });
}

/** What the bytes are, by their first bytes: RIFF…WAVE, or an ID3 tag or MPEG frame sync. */
export function sniffFormat(bytes: Buffer): 'wav' | 'mp3' | null {
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WAVE'
  )
    return 'wav';
  if (bytes.length >= 3 && bytes.toString('latin1', 0, 3) === 'ID3') return 'mp3';
  if (bytes.length >= 2 && bytes[0] === 0xff && ((bytes[1] ?? 0) & 0xe0) === 0xe0) return 'mp3';
  return null;
}
