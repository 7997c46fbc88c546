// Play and Stop: speaks a message's original and then each translation on the audio output,
// one at a time, telling the server when audio starts ('playing') and when it ends or is
// stopped ('stopped'). The next language renders while the current one plays.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { languageName, type TAgentMessage, type TAgentToServer } from '@message-station/shared';
import { silentPlayer, type TPlayer } from './audio/player.js';
import type { TSpeechEngine, TVoiceChoice } from './speech/engine.js';
import { isAbortError } from './system.js';

export type TPlayoutDeps = {
  engine: TSpeechEngine;
  voices: () => TVoiceChoice;
  player: () => TPlayer;
  /** The audio output failed mid-play: the agent falls back to the silent output and says so. */
  onPlayerFailed: (error: Error) => void;
  send: (frame: TAgentToServer) => void;
  /** Adds a line to the status page's recent actions. */
  note: (text: string) => void;
  onChange: () => void;
};

type TSession = {
  messageId: string;
  title: string;
  controller: AbortController;
  done: Promise<void>;
};

const RESULT_ERROR_MAX = 500;

/** The protocol caps a result's `error` at 500 characters. */
export function clipError(text: string): string {
  return text.length > RESULT_ERROR_MAX ? `${text.slice(0, RESULT_ERROR_MAX - 1)}…` : text;
}

/** Why some languages of a message cannot be spoken here, in the result's `error` field. */
export function skippedText(problems: string[]): string | undefined {
  return problems.length === 0 ? undefined : clipError(problems.join(' '));
}

/** Splits a message's parts into those this machine can speak and why the others are skipped. */
export function speakableParts(message: TAgentMessage, choice: TVoiceChoice) {
  const parts: { language: string; text: string; voice: string }[] = [];
  const problems: string[] = [];
  for (const part of message.parts) {
    const voice = choice.voices[part.language];
    if (!part.text.trim()) problems.push(`Skipped ${languageName(part.language)}: the text is empty.`);
    else if (voice) parts.push({ ...part, voice });
    else {
      const reason = choice.missing[part.language] ?? `No ${languageName(part.language)} voice is installed.`;
      problems.push(`Skipped ${languageName(part.language)}: ${reason}`);
    }
  }
  return { parts, problems };
}

export class Playout {
  private session: TSession | null = null;

  constructor(private readonly deps: TPlayoutDeps) {}

  get playing(): { message_id: string; title: string } | null {
    return this.session ? { message_id: this.session.messageId, title: this.session.title } : null;
  }

  /** Starts playing `message`, first stopping whatever plays. Answers the command when audio starts. */
  play(requestId: string, message: TAgentMessage): Promise<void> {
    const previous = this.session;
    const session: TSession = {
      messageId: message.id,
      title: message.title,
      controller: new AbortController(),
      done: Promise.resolve(),
    };
    this.session = session;
    previous?.controller.abort();
    session.done = (async () => {
      await previous?.done;
      await this.speak(requestId, message, session);
      if (this.session === session) this.session = null;
      this.deps.onChange();
    })();
    return session.done;
  }

  /** Ends playback at once (when there is any) and answers ok. */
  async stop(requestId: string): Promise<void> {
    const session = this.session;
    if (session) {
      session.controller.abort();
      await session.done;
    }
    this.deps.send({ type: 'result', request_id: requestId, ok: true });
  }

  /** Stops without a command (shutdown, sign out). */
  async stopAll(): Promise<void> {
    const session = this.session;
    session?.controller.abort();
    await session?.done;
  }

  private async speak(requestId: string, message: TAgentMessage, session: TSession) {
    const { deps } = this;
    const signal = session.controller.signal;
    let answered = false;
    const answer = (ok: boolean, error?: string) => {
      if (answered) return;
      answered = true;
      deps.send({ type: 'result', request_id: requestId, ok, ...(error ? { error: clipError(error) } : {}) });
    };
    if (signal.aborted) {
      answer(false, 'Another Play replaced this one before it started.');
      return;
    }

    const { parts, problems } = speakableParts(message, deps.voices());
    if (parts.length === 0) {
      answer(false, skippedText(problems) ?? 'This message has nothing to speak.');
      deps.note(`Could not play "${message.title}": no language of it can be spoken here.`);
      return;
    }

    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'message-station-play-'));
    const render = (index: number) => {
      const part = parts[index];
      if (!part) return null;
      const wavPath = path.join(dir, `part-${index}.wav`);
      const rendered = deps.engine.render({ ...part, wavPath, signal }).then(() => wavPath);
      rendered.catch(() => {}); // awaited below; this only keeps an early failure from going unhandled
      return rendered;
    };
    let pending = render(0);
    const spoken: string[] = [];
    try {
      for (let index = 0; pending; index += 1) {
        const part = parts[index];
        let wavPath: string;
        try {
          wavPath = await pending;
        } catch (error) {
          if (isAbortError(error) || signal.aborted) throw error;
          problems.push(`Skipped ${languageName(part?.language ?? '')}: ${(error as Error).message}`);
          pending = render(index + 1);
          continue;
        }
        pending = render(index + 1);
        if (!answered) {
          deps.send({ type: 'playback', message_id: message.id, status: 'playing' });
          answer(true, skippedText(problems));
          deps.note(`Playing "${message.title}"`);
          deps.onChange();
        }
        await this.playPart(wavPath, signal);
        spoken.push(languageName(part?.language ?? ''));
      }
      if (!answered) answer(false, skippedText(problems) ?? 'Nothing could be spoken.');
      else deps.note(`Played "${message.title}" (${spoken.join(', ')})`);
    } catch (error) {
      if (!isAbortError(error) && !signal.aborted) {
        if (!answered) answer(false, (error as Error).message);
        deps.note(`Playback of "${message.title}" failed: ${(error as Error).message}`);
      } else {
        if (!answered) answer(false, 'Stopped before playback started.');
        deps.note(`Stopped "${message.title}"`);
      }
    } finally {
      if (answered) deps.send({ type: 'playback', message_id: message.id, status: 'stopped' });
      await fs.rm(dir, { recursive: true, force: true, maxRetries: 3 }).catch(() => {});
    }
    if (problems.length && answered) deps.note(skippedText(problems) ?? '');
  }

  private async playPart(wavPath: string, signal: AbortSignal) {
    const player = this.deps.player();
    try {
      await player.play(wavPath, signal);
    } catch (error) {
      if (isAbortError(error) || signal.aborted || player.silent) throw error;
      // The output device failed (unplugged, no sound server): carry on silently so the
      // dashboard's Play/Stop still behave, and report the new output to the server.
      this.deps.onPlayerFailed(error as Error);
      await silentPlayer().play(wavPath, signal);
    }
  }
}
