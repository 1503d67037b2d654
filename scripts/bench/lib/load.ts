// HTTP load on loopback with autocannon. Latencies are taken from every response (autocannon's
// own summary has no p95) and summarised like the other cases, in milliseconds.
import autocannon from 'autocannon';
import type { CpuMeter, CpuSplit } from './cpu.js';
import { summarize, type Summary } from './stats.js';

export type LoadResult = Summary & { rps: number; errors: number };

export type LoadOptions = {
  url: string;
  connections: number;
  /** Seconds of measured load. */
  duration: number;
  /**
   * Seconds of unmeasured load first (default 2). A server that has run for a while is the steady
   * state: PGlite's WebAssembly is compiled lazily and tiered up while it serves the first requests.
   */
  warmup?: number;
  headers?: Record<string, string>;
  /**
   * Paths (with query) to spread the load over. Every connection takes them in turn, each from
   * its own starting point (see requestsOver).
   */
  paths: readonly string[];
  /** POST with this JSON body to every path instead of GET. */
  body?: string | undefined;
  /** Measures the CPU spent during the measured window (not the warm-up). */
  cpu?: CpuMeter | undefined;
};

/** Successive starting points spread over the list (golden-ratio steps), the same in every run. */
const startingPoints = (length: number) => {
  let next = 0;
  return () => Math.floor(((next++ * 0.618_033_988_75) % 1) * length);
};

/**
 * autocannon's request list, walked by every connection in order. Were all connections to start
 * at the first path they would walk in step, and the mix would arrive as waves of one kind (ten
 * heavy searches at once, then ten cheap pages): not what independent users send. So each
 * connection starts at its own point of the list (its `context`, set again each time it wraps).
 */
const requestsOver = (
  paths: readonly string[],
  headers: Record<string, string>,
  body: string | undefined,
) => {
  const startOf = startingPoints(paths.length);
  return paths.map((_path, index) => ({
    method: body === undefined ? ('GET' as const) : ('POST' as const),
    headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body }),
    setupRequest: (request: autocannon.Request, context: { start?: number }) => {
      context.start ??= startOf();
      return { ...request, path: paths[(context.start + index) % paths.length] };
    },
  }));
};

const run = (options: autocannon.Options, onLatency?: (ms: number) => void) =>
  new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (error, result) =>
      error ? reject(error) : resolve(result),
    );
    if (onLatency) {
      instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) =>
        onLatency(ms),
      );
    }
  });

export const loadTest = async ({
  url,
  connections,
  duration,
  headers = {},
  paths,
  body,
  warmup = 2,
  cpu,
}: LoadOptions): Promise<LoadResult & { cpu?: CpuSplit }> => {
  const requests = requestsOver(paths, headers, body);
  await run({ url, connections, duration: warmup, requests });
  const latencies: number[] = [];
  const meter = cpu?.();
  const result = await run({ url, connections, duration, requests }, (ms) => latencies.push(ms));
  return {
    ...summarize(latencies),
    rps: result.requests.average,
    errors: result.errors + result.non2xx,
    ...(meter ? { cpu: meter.stop() } : {}),
  };
};
