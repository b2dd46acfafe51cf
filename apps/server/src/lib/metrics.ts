import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The process's Prometheus registry. One per process (a module singleton) so any module can count a business
 * event without being handed the app: `metrics.counter('aquamall_orders_placed_total', '…').inc()`.
 * Default metrics cover process memory, CPU, handles and event-loop lag.
 */
const registry = new Registry();
collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

const counters = new Map<string, Counter>();
const gauges = new Map<string, Gauge>();

export const metrics = {
  registry,
  /** The counter of that name, created on first use (idempotent: several callers may ask for it). */
  counter(name: string, help: string, labelNames: readonly string[] = []): Counter {
    let c = counters.get(name);
    if (!c) {
      c = new Counter({ name, help, labelNames, registers: [registry] });
      counters.set(name, c);
    }
    return c;
  },
  /** A gauge read at scrape time through `collect`; created on first use, later calls keep the first collect. */
  gauge(name: string, help: string, labelNames: readonly string[] = [], collect?: (g: Gauge) => Promise<void> | void): Gauge {
    let g = gauges.get(name);
    if (!g) {
      g = new Gauge({
        name,
        help,
        labelNames,
        registers: [registry],
        ...(collect ? { collect() { return collect(this); } } : {}),
      });
      gauges.set(name, g);
    }
    return g;
  },
};

/** Business events counted across the server (documented in docs/operations.md). */
export const business = {
  loginsFailed: metrics.counter('aquamall_logins_failed_total', 'Password logins refused (wrong account or password)'),
  loginsSucceeded: metrics.counter('aquamall_logins_succeeded_total', 'Sessions issued (any login method)'),
  registrations: metrics.counter('aquamall_registrations_total', 'Accounts registered'),
  codesSent: metrics.counter('aquamall_codes_sent_total', 'Verification codes issued', ['channel']),
  messagesCreated: metrics.counter('aquamall_messages_created_total', 'In-site messages created'),
};

/** Request rate and latency per route pattern, method and status class (bounded cardinality: no raw URLs). */
export const httpDuration = new Histogram({
  name: 'aquamall_http_request_duration_seconds',
  help: 'HTTP request latency by route pattern, method and status class',
  labelNames: ['route', 'method', 'status'],
  buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
  registers: [registry],
});
