// Prometheus metrics of one node (prom-client), on a registry of its own: each app has its own, so
// two apps in one test process count apart. Counters and histograms are updated where things
// happen (HTTP responses, provider calls, events from other nodes); gauges of shared state
// (deliveries, the dispatch lag, translation jobs) are read from the database when scraped.
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import client from 'prom-client';

export type TMetrics = ReturnType<typeof createMetrics>;

/** A gauge's values, read when /metrics is scraped. */
type TGaugeReader = () => Promise<{ labels?: Record<string, string>; value: number }[]>;

export function createMetrics() {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });

  const httpDuration = new client.Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route (the pattern, not the URL) and status',
    labelNames: ['method', 'route', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const providerCalls = new client.Counter({
    name: 'sms_provider_requests_total',
    help: 'SMS provider calls by provider and outcome (sent, failed)',
    labelNames: ['provider', 'outcome'],
    registers: [registry],
  });
  const providerErrors = new client.Counter({
    name: 'sms_provider_errors_total',
    help: "SMS provider errors by provider, the vendor's code (e.g. Twilio's 21211) and kind",
    labelNames: ['provider', 'code', 'kind'],
    registers: [registry],
  });
  const notifyLag = new client.Histogram({
    name: 'event_bus_notify_lag_seconds',
    help: 'From an event published on another node to its arrival here (LISTEN/NOTIFY)',
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });

  const gauge = (name: string, help: string, labelNames: string[], read: TGaugeReader) =>
    new client.Gauge({
      name,
      help,
      labelNames,
      registers: [registry],
      async collect() {
        this.reset();
        for (const { labels, value } of await read()) {
          if (labels) this.set(labels, value);
          else this.set(value);
        }
      },
    });

  return {
    registry,
    contentType: registry.contentType,
    text: () => registry.metrics(),
    /** Times every response by its route pattern (404s as "unmatched"). */
    instrumentHttp(app: FastifyInstance) {
      app.addHook('onResponse', async (request, reply) => {
        httpDuration.observe(
          {
            method: request.method,
            route: request.routeOptions.url ?? 'unmatched',
            status_code: String(reply.statusCode),
          },
          reply.elapsedTime / 1000,
        );
      });
    },
    providerCall(provider: string, outcome: 'sent' | 'failed') {
      providerCalls.inc({ provider, outcome });
    },
    providerError(provider: string, code: string, kind: string) {
      providerErrors.inc({ provider, code, kind });
    },
    notifyLag(seconds: number) {
      notifyLag.observe(seconds);
    },
    gauge,
    /** The PostgreSQL pool's connections: in use, idle, and requests waiting for one. */
    pool(pool: pg.Pool) {
      gauge('db_pool_connections', 'PostgreSQL pool connections by state', ['state'], async () => [
        { labels: { state: 'total' }, value: pool.totalCount },
        { labels: { state: 'idle' }, value: pool.idleCount },
        { labels: { state: 'waiting' }, value: pool.waitingCount },
      ]);
    },
  };
}
