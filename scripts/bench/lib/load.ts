// HTTP load on loopback with autocannon. Latencies are taken from every response (autocannon's
// own summary has no p95) and summarised like the other cases, in milliseconds.
import autocannon from 'autocannon';
import { summarize, type Summary } from './stats.js';

export type LoadResult = Summary & { rps: number; errors: number };

export type LoadOptions = {
  url: string;
  connections: number;
  /** Seconds of measured load, after a 2 s warm-up. */
  duration: number;
  headers?: Record<string, string>;
  /** Paths (with query) to spread the load over, taken in turn by every connection. */
  paths: readonly string[];
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
}: LoadOptions): Promise<LoadResult> => {
  const requests = paths.map((path) => ({ method: 'GET' as const, path, headers }));
  await run({ url, connections, duration: 2, requests });
  const latencies: number[] = [];
  const result = await run({ url, connections, duration, requests }, (ms) => latencies.push(ms));
  return {
    ...summarize(latencies),
    rps: result.requests.average,
    errors: result.errors + result.non2xx,
  };
};
