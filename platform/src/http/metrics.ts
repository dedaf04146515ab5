import type { Middleware } from 'koa';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { describeError } from './error-middleware';

/** The Prometheus metrics of one process (served on /metrics). */
export class Metrics {
  readonly registry = new Registry();
  readonly requestDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request durations by route',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [this.registry],
  });
  readonly eventsAppended = new Counter({
    name: 'events_appended_total',
    help: 'Events appended to the event log by this process',
    labelNames: ['type'] as const,
    registers: [this.registry],
  });
  readonly projectionLag = new Gauge({
    name: 'projection_lag',
    help: 'How far each projection is behind the head of the log (position units)',
    labelNames: ['projection'] as const,
    registers: [this.registry],
  });

  constructor(options: { defaultMetrics?: boolean } = {}) {
    if (options.defaultMetrics ?? true) collectDefaultMetrics({ register: this.registry });
  }

  /** Times every request by its route template (never the raw path: ids would explode the label set). */
  middleware(): Middleware {
    // One child histogram per method, route and status, looked up by a plain key: prom-client would otherwise
    // hash the label object on every request.
    const series = new Map<string, { observe(seconds: number): void }>();
    const seriesOf = (method: string, route: string, status: string) => {
      const key = `${method} ${status} ${route}`;
      let found = series.get(key);
      if (found === undefined) {
        found = this.requestDuration.labels({ method, route, status });
        series.set(key, found);
      }
      return found;
    };
    return async (ctx, next) => {
      const started = performance.now();
      // A thrown error is answered by the error middleware outside this one: its status, not Koa's 404 yet.
      let status: number | undefined;
      try {
        await next();
      } catch (error) {
        status = describeError(error)?.status ?? 500;
        throw error;
      } finally {
        const route = typeof ctx._matchedRoute === 'string' ? ctx._matchedRoute : 'unmatched';
        seriesOf(ctx.method, route, String(status ?? ctx.status)).observe(
          (performance.now() - started) / 1000,
        );
      }
    };
  }
}
