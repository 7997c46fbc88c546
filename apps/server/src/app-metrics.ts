// The gauges /metrics reads when scraped: shared state from the database (the same on every node;
// aggregate with max) and this node's open streams, agent sockets and database pool.
import type { Database } from './db/client.js';
import { deliveriesByStatus, dispatchLagByLane } from './modules/delivery/metrics-repo.js';
import { translationJobsByState } from './modules/translation/metrics-repo.js';
import type { TMetrics } from './platform/metrics.js';

export function registerGauges(
  metrics: TMetrics,
  deps: {
    database: Database;
    now: () => Date;
    openStreams: () => number;
    agentSockets: () => number;
    /** Agent frames dropped over their budget and sockets closed for flooding (decision 0056). */
    agentFrames: () => { dropped: number; closed: number };
  },
) {
  const { db } = deps.database;
  metrics.gauge('sms_deliveries', 'Texts by delivery status, every send', ['status'], async () =>
    (await deliveriesByStatus(db)).map(({ status, count }) => ({ labels: { status }, value: count })),
  );
  metrics.gauge(
    'sms_dispatch_lag_seconds',
    'How long the oldest text due now has waited, per sending lane (absent: nothing due)',
    ['lane'],
    async () =>
      (await dispatchLagByLane(db, deps.now())).map(({ lane, seconds }) => ({
        labels: { lane },
        value: seconds,
      })),
  );
  const jobs = () => translationJobsByState(db, deps.now());
  metrics.gauge('translation_jobs', 'Translation jobs by state', ['state'], async () =>
    (await jobs()).map(({ state, count }) => ({ labels: { state }, value: count })),
  );
  metrics.gauge(
    'translation_jobs_oldest_seconds',
    'Age of the oldest translation job in each state',
    ['state'],
    async () =>
      (await jobs()).map(({ state, oldestSeconds }) => ({ labels: { state }, value: oldestSeconds })),
  );
  metrics.gauge(
    'sse_streams_open',
    'Live pages (server-sent event streams) open on this node',
    [],
    async () => [{ value: deps.openStreams() }],
  );
  metrics.gauge('agent_connections_open', 'Desktop agent sockets open on this node', [], async () => [
    { value: deps.agentSockets() },
  ]);
  metrics.gauge(
    'agent_frames_dropped_total',
    'Desktop agent frames dropped unread over their budget on this node, since it started',
    [],
    async () => [{ value: deps.agentFrames().dropped }],
  );
  metrics.gauge(
    'agent_sockets_flooding_closed_total',
    'Desktop agent sockets closed for flooding on this node, since it started',
    [],
    async () => [{ value: deps.agentFrames().closed }],
  );
  if (deps.database.pool) metrics.pool(deps.database.pool);
}
