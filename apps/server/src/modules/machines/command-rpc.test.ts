// A command asked on this node: sent to the node holding the machine, answered by it, or refused
// once its time limit passes (fake timers), by the injected clock when the machine went silent.
import { AGENT_STALE_SECONDS } from '@message-station/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { agentClients } from '../../db/schema/index.js';
import { AppError } from '../../platform/errors.js';
import { createTestDatabase } from '../../test/db.js';
import { createStationWithAdmin } from '../../test/factories.js';
import type { TReplyEnvelope } from './agent-frames.js';
import { createCommandRpc } from './command-rpc.js';
import type { TCommandEnvelope } from './node-protocol.js';

const database = await createTestDatabase();
const { db } = database;
const clock = new Date('2031-03-04T09:00:00Z');
let stationId = '';

beforeAll(async () => {
  stationId = (await createStationWithAdmin(db, { slug: 'rpc' })).station.id;
  const machine = {
    stationId,
    nodeId: 'node-b',
    connectionId: '00000000-0000-4000-8000-000000000001',
    platform: 'Linux',
    clientVersion: '2.0.1',
    connectedAt: clock,
  };
  await db.insert(agentClients).values([
    { ...machine, clientId: 'studio', clientName: 'Studio PC', lastSeen: clock },
    {
      ...machine,
      clientId: 'attic',
      clientName: 'Attic PC',
      // Heard from just over the stale window before the hub's clock (long after the real one).
      lastSeen: new Date(clock.getTime() - AGENT_STALE_SECONDS * 1000 - 1),
    },
  ]);
});
afterAll(() => database.close());
afterEach(() => {
  vi.useRealTimers();
});

/** An RPC on node-a whose sent commands the test can read, and a way to wait for the next one. */
function rpcOnNodeA() {
  const sent: { holder: string; envelope: TCommandEnvelope }[] = [];
  let onSent = () => {};
  const rpc = createCommandRpc({
    db,
    now: () => clock,
    nodeId: 'node-a',
    timeouts: { play: 1000 },
    async sendCommand(holder, envelope) {
      sent.push({ holder, envelope });
      onSent();
    },
  });
  const nextSent = () =>
    new Promise<TCommandEnvelope>((resolve) => {
      onSent = () => resolve((sent.at(-1) as { envelope: TCommandEnvelope }).envelope);
    });
  return { rpc, sent, nextSent };
}

const answer = (envelope: TCommandEnvelope, fields: Partial<TReplyEnvelope>): TReplyEnvelope => ({
  request_id: envelope.request_id,
  ok: true,
  client_name: 'Studio PC',
  ...fields,
});

/** Settles to the command's result or the AppError it was refused with. */
const outcomeOf = (promise: Promise<unknown>): Promise<{ result?: unknown; error?: unknown }> =>
  promise.then(
    (result) => ({ result }),
    (error: unknown) => ({ error }),
  );

describe('a command asked on this node', () => {
  it('goes to the node holding the machine and resolves with its answer', async () => {
    const { rpc, sent, nextSent } = rpcOnNodeA();
    const envelopeSent = nextSent();
    const outcome = outcomeOf(rpc.command(stationId, 'studio', 'export', 'message-1'));
    const envelope = await envelopeSent;
    expect(sent[0]?.holder).toBe('node-b');
    expect(envelope).toMatchObject({ reply_to: 'node-a', station_id: stationId, client_id: 'studio' });
    expect(envelope).toMatchObject({ action: 'export', message_id: 'message-1' });
    rpc.settle(answer(envelope, { export_path: '/exports', files: ['a_en.wav'] }));
    expect(await outcome).toEqual({
      result: { clientName: 'Studio PC', exportPath: '/exports', files: ['a_en.wav'] },
    });
  });

  it('passes on the refusal the holding node answered', async () => {
    const { rpc, nextSent } = rpcOnNodeA();
    const envelopeSent = nextSent();
    const outcome = outcomeOf(rpc.command(stationId, 'studio', 'play', 'message-1'));
    const refusal = new AppError('machine_disconnected', { machine: 'Studio PC' });
    rpc.settle(
      answer(await envelopeSent, {
        ok: false,
        status: 409,
        error: refusal.message,
        code: refusal.code,
        params: refusal.params,
      }),
    );
    expect((await outcome).error).toMatchObject({ statusCode: 409, code: 'machine_disconnected' });
  });

  it('answers 504 once the time limit passes, not before', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { rpc, nextSent } = rpcOnNodeA();
    const envelopeSent = nextSent();
    let settled = false;
    const outcome = outcomeOf(rpc.command(stationId, 'studio', 'play', 'message-1')).finally(() => {
      settled = true;
    });
    await envelopeSent;
    await vi.advanceTimersByTimeAsync(999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect((await outcome).error).toMatchObject({
      statusCode: 504,
      code: 'machine_no_answer',
      message: 'Studio PC did not answer in time.',
    });
  });

  it('answers every command still waiting with 503 when the node shuts down', async () => {
    const { rpc, nextSent } = rpcOnNodeA();
    const envelopeSent = nextSent();
    const outcome = outcomeOf(rpc.command(stationId, 'studio', 'stop', 'message-1'));
    await envelopeSent;
    rpc.abandonAll();
    expect((await outcome).error).toMatchObject({ statusCode: 503, code: 'server_restarting' });
  });

  it('refuses an unknown machine, and one the hub clock says went silent, without sending', async () => {
    const { rpc, sent } = rpcOnNodeA();
    expect((await outcomeOf(rpc.command(stationId, 'nobody', 'play', 'm'))).error).toMatchObject({
      statusCode: 404,
      code: 'machine_not_found',
    });
    expect((await outcomeOf(rpc.command(stationId, 'attic', 'play', 'm'))).error).toMatchObject({
      statusCode: 409,
      code: 'machine_not_connected',
      params: { machine: 'Attic PC' },
    });
    expect(sent).toEqual([]);
  });
});
