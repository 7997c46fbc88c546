// What nodes tell each other about machines: two nodes on one in-process event bus, each hearing
// only what is addressed to it; an answer to this node is handed over whole, one to another node
// is cut to fit one NOTIFY.
import { afterEach, describe, expect, it, type Mock, vi } from 'vitest';
import { createEventBus, MAX_EVENT_BYTES, type TEventBus } from '../../platform/event-bus.js';
import type { TReplyEnvelope } from './agent-frames.js';
import { createNodeProtocol, type TCommandEnvelope, type TNodeListeners } from './node-protocol.js';

const log = { error: vi.fn() };
let bus: TEventBus | undefined;
afterEach(async () => {
  await bus?.close();
});

function listeners(): { [K in keyof TNodeListeners]: Mock<TNodeListeners[K]> } {
  return {
    command: vi.fn(),
    closeConnection: vi.fn(),
    reply: vi.fn(),
    keysChanged: vi.fn(),
  };
}

async function twoNodes() {
  bus = await createEventBus({});
  const a = createNodeProtocol({ nodeId: 'node-a', events: bus, log });
  const b = createNodeProtocol({ nodeId: 'node-b', events: bus, log });
  const heardByA = listeners();
  const heardByB = listeners();
  return { bus, a, b, heardByA, heardByB, stopA: a.listen(heardByA), stopB: b.listen(heardByB) };
}

const command: TCommandEnvelope = {
  request_id: 'r1',
  reply_to: 'node-a',
  station_id: 's1',
  client_id: 'studio',
  action: 'export',
  message_id: 'm1',
};

/** An answer with a file list too long for one NOTIFY. */
const bigAnswer: TReplyEnvelope = {
  request_id: 'r1',
  ok: true,
  client_name: 'Studio PC',
  export_path: '/exports',
  files: Array.from({ length: 40 }, (_, i) => `${String(i).padStart(3, '0')}-${'x'.repeat(250)}.wav`),
};

describe('the node protocol', () => {
  it('hands a command and a close to the holding node only', async () => {
    const { a, heardByA, heardByB } = await twoNodes();
    await a.sendCommand('node-b', command);
    await a.closeConnection('node-b', 'connection-7');
    expect(heardByB.command).toHaveBeenCalledWith(command);
    expect(heardByB.closeConnection).toHaveBeenCalledWith('connection-7');
    expect(heardByA.command).not.toHaveBeenCalled();
    expect(heardByA.closeConnection).not.toHaveBeenCalled();
  });

  it('answers this node whole, and another node within one NOTIFY, keeping the folder', async () => {
    const { a, b, heardByA } = await twoNodes();
    expect(Buffer.byteLength(JSON.stringify(bigAnswer))).toBeGreaterThan(MAX_EVENT_BYTES);
    await a.reply('node-a', bigAnswer);
    expect(heardByA.reply).toHaveBeenLastCalledWith(bigAnswer);
    await b.reply('node-a', bigAnswer);
    const { files: _files, ...withoutFiles } = bigAnswer;
    expect(heardByA.reply).toHaveBeenLastCalledWith(withoutFiles);
    expect(log.error).not.toHaveBeenCalled();
  });

  it('tells every node that a key changed, and stops hearing once told to', async () => {
    const { a, heardByA, heardByB, stopB } = await twoNodes();
    await a.keysChanged('user-1');
    expect(heardByA.keysChanged).toHaveBeenCalledWith('user-1');
    expect(heardByB.keysChanged).toHaveBeenCalledWith('user-1');
    stopB();
    await a.keysChanged('user-2');
    await a.sendCommand('node-b', command);
    expect(heardByA.keysChanged).toHaveBeenCalledTimes(2);
    expect(heardByB.keysChanged).toHaveBeenCalledTimes(1);
    expect(heardByB.command).not.toHaveBeenCalled();
  });

  it("puts a machine's playback on its station's messages stream", async () => {
    const { bus: events, b } = await twoNodes();
    const heard = vi.fn();
    events.subscribe('s1', heard);
    await b.playback('s1', { message_id: 'm1', status: 'playing', client_id: 'studio' });
    expect(heard).toHaveBeenCalledWith({
      stationId: 's1',
      type: 'playback_state_changed',
      data: { message_id: 'm1', status: 'playing', client_id: 'studio' },
    });
  });
});
