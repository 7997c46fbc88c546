// No single client stalls a node (decision 0056), proven on the built server as a real process:
// a desktop agent key that floods its socket with 100,000 tiny frames has them dropped unread and
// its socket closed with 1008 (policy violation) while /healthz and another station's agent keep
// answering; a 65 KB PNG of 4096 × 4096 pixels is refused by its header with the right error and
// nothing stored, and the largest accepted logo is decoded in a worker thread while /healthz keeps
// answering. Latencies are printed for the record, never asserted (bench/node-stalls.ts).
import { AGENT_CLOSE } from '@message-station/shared';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { blankPng } from '../test/blank-png.js';
import { FakeAgent } from '../test/fake-agent.js';
import { HttpSession, startServerProcess, stopServerProcesses } from '../test/server-process.js';
import {
  adminApiKey,
  eventLoopDelay,
  floodAgentFrames,
  latencyFigures,
  metricValue,
  prepareServerDatabase,
  probeHealth,
  uploadLogo,
} from '../test/stall-probe.js';

const onPostgres = process.env.TEST_DB === 'postgres';
afterEach(stopServerProcesses);

describe('no client stalls a node (real server process)', async () => {
  const prepared = await prepareServerDatabase(['floodfm', 'calmfm'], { postgres: onPostgres });
  afterAll(() => prepared.remove());
  const [flood, calm] = prepared.stations as [
    (typeof prepared.stations)[number],
    (typeof prepared.stations)[number],
  ];

  it('drops a flooding agent’s frames unread and closes its socket; /healthz and other agents keep answering', async () => {
    const server = await startServerProcess(prepared.env);
    const floodAdmin = new HttpSession(server.url);
    await floodAdmin.login(flood.adminEmail);
    const calmAdmin = new HttpSession(server.url);
    await calmAdmin.login(calm.adminEmail);
    const floodKey = await adminApiKey(floodAdmin, flood.adminId);
    const calmKey = await adminApiKey(calmAdmin, calm.adminId);
    const calmAgent = await FakeAgent.connect(server.url, calm.slug, calmKey);

    await eventLoopDelay(server.url);
    const probe = probeHealth(server.url);
    const flooded = await floodAgentFrames(server.url, flood.slug, floodKey, 100_000);
    const samples = await probe.stop();
    const loop = await eventLoopDelay(server.url);

    expect(flooded.code, server.output()).toBe(AGENT_CLOSE.tooManyFrames);
    expect(samples.length).toBeGreaterThan(0);
    expect(samples.every((s) => s.status === 200)).toBe(true);
    expect(await metricValue(server.url, 'agent_frames_dropped_total')).toBeGreaterThan(0);
    expect(await metricValue(server.url, 'agent_sockets_flooding_closed_total')).toBe(1);
    // The other station's agent was not touched: its heartbeat is still answered.
    calmAgent.send({ type: 'heartbeat' });
    await calmAgent.next('heartbeat_ack');
    expect(calmAgent.closed).toBeNull();
    console.log(
      `agent flood (${flooded.sent} frames sent before the close): /healthz ${latencyFigures(samples).text}; server event-loop delay p99 ${loop.p99.toFixed(1)} / max ${loop.max.toFixed(1)} ms`,
    );
    calmAgent.socket.close();
  }, 180_000);

  it('refuses a 4096 × 4096 PNG by its header and decodes the largest accepted logo off the event loop', async () => {
    const server = await startServerProcess(prepared.env);
    const admin = new HttpSession(server.url);
    await admin.login(flood.adminEmail);
    const before = (await admin.request('GET', '/admin/api/station')).json().logo_url;

    const hugePng = blankPng(4096, 4096);
    const largestPng = blankPng(2000, 2000);
    await eventLoopDelay(server.url);
    const probe = probeHealth(server.url);
    const huge = await uploadLogo(server.url, admin, 'huge.png', hugePng);
    const hugeSamples = [...probe.samples];
    const largest = await uploadLogo(server.url, admin, 'largest.png', largestPng);
    const samples = await probe.stop();
    const loop = await eventLoopDelay(server.url);

    expect(huge).toEqual({
      status: 400,
      json: {
        error:
          'The logo is 4096 × 4096 pixels; at most 4 million pixels are accepted (for example 2000 × 2000).',
        code: 'logo_too_many_pixels',
        params: { width: '4096', height: '4096', max_megapixels: 4 },
      },
    });
    expect(largest.status, JSON.stringify(largest.json)).toBe(200);
    expect(samples.every((s) => s.status === 200)).toBe(true);
    const after = (await admin.request('GET', '/admin/api/station')).json().logo_url;
    expect(after).not.toBe(before);
    expect(after).toBe(largest.json.logo_url);
    console.log(
      `logo uploads: /healthz ${latencyFigures(samples).text} (${hugeSamples.length} during the refused 4096 × 4096); server event-loop delay p99 ${loop.p99.toFixed(1)} / max ${loop.max.toFixed(1)} ms`,
    );
  }, 180_000);
});
