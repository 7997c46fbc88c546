// What an agent may send and what one node answers another: every frame read within a byte
// limit and its fields' limits (ZAgentToServer), and a command's answer (a refusal carried as
// text, code and params) cut to fit one NOTIFY.
import {
  AGENT_CLOSE,
  AGENT_FRAME_MAX_BYTES,
  issueText,
  type TAgentToServer,
  ZAgentToServer,
} from '@message-station/shared';
import type { RawData } from 'ws';
import type { AppError } from '../../platform/errors.js';
import { MAX_EVENT_BYTES } from '../../platform/event-bus.js';

/** A command's answer, from the node holding the machine to the node waiting for it. */
export type TReplyEnvelope = {
  request_id: string;
  ok: boolean;
  status?: number;
  /** The refusal: its English text, and its catalogue code and params (decision 0028). */
  error?: string;
  code?: string;
  params?: Record<string, string | number>;
  client_name: string;
  export_path?: string;
  files?: string[];
};

/** A refusal as one node hands it to another: English text, code and params. */
export function wire(error: AppError) {
  return { error: error.message, code: error.code, params: error.params };
}

/** A failed answer to the request `requestId`, carrying `error`. */
export function refusalReply(requestId: string, error: AppError, clientName: string): TReplyEnvelope {
  return {
    request_id: requestId,
    ok: false,
    status: error.statusCode,
    ...wire(error),
    client_name: clientName,
  };
}

/** The longest close reason a WebSocket carries (123 bytes). */
export const CLOSE_REASON_BYTES = 123;

function frameBytes(data: RawData) {
  if (Array.isArray(data)) return data.reduce((sum, part) => sum + part.length, 0);
  return data instanceof ArrayBuffer ? data.byteLength : data.length;
}

/** Cuts `text` to at most `bytes` UTF-8 bytes without splitting a character. */
export function cutToBytes(text: string, bytes: number) {
  let cut = text;
  while (Buffer.byteLength(cut, 'utf8') > bytes) cut = Array.from(cut).slice(0, -1).join('');
  return cut;
}

/** Reads one agent frame, or says (for the close reason) why it cannot be read. */
export function readFrame(data: RawData): { frame: TAgentToServer } | { code: number; error: string } {
  const bytes = frameBytes(data);
  if (bytes > AGENT_FRAME_MAX_BYTES) {
    return {
      code: AGENT_CLOSE.tooLarge,
      error: `Message from the agent too large: ${bytes} bytes, at most ${AGENT_FRAME_MAX_BYTES}.`,
    };
  }
  let json: unknown;
  try {
    json = JSON.parse(String(data));
  } catch (error) {
    return {
      code: AGENT_CLOSE.protocol,
      error: `Unreadable message from the agent: ${(error as Error).message}`,
    };
  }
  const parsed = ZAgentToServer.safeParse(json);
  if (parsed.success) return { frame: parsed.data };
  const issue = parsed.error.issues[0];
  const field = issue?.path.join('.');
  const problem = `${field ? `${field}: ` : ''}${issue ? issueText(issue.message) : 'invalid frame'}`;
  return { code: AGENT_CLOSE.protocol, error: `Unreadable message from the agent: ${problem}` };
}

/**
 * A reply that can travel in one NOTIFY: the file list is dropped first (the folder is what the
 * page shows), then the texts are shortened. Field limits keep this for hostile text only.
 */
export function fitReply(envelope: TReplyEnvelope): TReplyEnvelope {
  const fits = (candidate: TReplyEnvelope) =>
    Buffer.byteLength(JSON.stringify(candidate), 'utf8') <= MAX_EVENT_BYTES - 500;
  if (fits(envelope)) return envelope;
  const { files: _files, ...withoutFiles } = envelope;
  if (fits(withoutFiles)) return withoutFiles;
  return {
    ...withoutFiles,
    error: withoutFiles.error?.slice(0, 200),
    export_path: withoutFiles.export_path?.slice(0, 200),
    client_name: withoutFiles.client_name.slice(0, 60),
  };
}
