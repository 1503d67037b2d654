// Where a load test's CPU goes: the load generator (this process), the API (its child process,
// PGlite included) and PostgreSQL's backends, read from Linux's /proc. On a machine whose cores
// are shared by all three, this shows what a target asks of the hardware (see capacityOf).
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';

/** CPU milliseconds spent during one measured window, by whom. */
export type CpuSplit = { generator: number; api: number; database: number };

const ticksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** utime + stime of a process (all its threads) in ms; undefined once it is gone or elsewhere. */
const processCpuMs = (pid: number): number | undefined => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After "pid (comm) ": state is field 3, utime field 14 and stime field 15 of proc(5).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond;
  } catch {
    return undefined;
  }
};

/** The pids whose command name is `name` (PostgreSQL's backends are all "postgres"). */
const pidsNamed = (name: string): number[] => {
  try {
    return readdirSync('/proc')
      .filter((entry) => /^\d+$/.test(entry))
      .filter((entry) => {
        try {
          return readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === name;
        } catch {
          return false;
        }
      })
      .map(Number);
  } catch {
    return [];
  }
};

/** Each running process's CPU so far, by pid. */
const cpuByPid = (pids: readonly number[]): Map<number, number> =>
  new Map(
    pids.flatMap((pid) => {
      const ms = processCpuMs(pid);
      return ms === undefined ? [] : [[pid, ms] as const];
    }),
  );

/** A meter started just before a measured window; undefined where /proc is not available. */
export type CpuMeter = () => { stop(): CpuSplit };

/**
 * `databaseUrl`: only the backends of that database count (other work on the same PostgreSQL
 * server, a test run or another bench, would otherwise be billed to these requests).
 */
export const cpuMeter = (
  apiPid: number,
  engine: 'pglite' | 'postgres',
  databaseUrl?: string,
): CpuMeter | undefined => {
  if (processCpuMs(process.pid) === undefined) return undefined;
  const backends = () =>
    databaseUrl ? backendPids(new URL(databaseUrl).pathname.slice(1)) : pidsNamed('postgres');
  return () => {
    const generator = process.cpuUsage();
    const api = processCpuMs(apiPid) ?? 0;
    // Backends that are already running: the API's pool keeps its connections open under load.
    const database = engine === 'postgres' ? cpuByPid(backends()) : new Map();
    return {
      stop: () => {
        const { user, system } = process.cpuUsage(generator);
        let databaseMs = 0;
        for (const [pid, before] of database) databaseMs += (processCpuMs(pid) ?? before) - before;
        return {
          generator: (user + system) / 1000,
          api: (processCpuMs(apiPid) ?? api) - api,
          database: databaseMs,
        };
      },
    };
  };
};

/**
 * What the CPU split means for a closed-loop target: every connection waits for its answer before
 * sending again, so requests/s = connections / mean latency (Little's law), and since the mean is
 * at most the p95, a p95 target needs at least connections / p95 requests/s. The machine gives at
 * most about cores / CPU per request, and the API no more than one core's worth.
 */
export const capacityOf = (
  split: CpuSplit,
  requests: number,
  connections: number,
  targetP95Ms: number,
) => {
  const perRequest = (ms: number) => ms / requests;
  const cpuPerRequest = perRequest(split.generator + split.api + split.database);
  return {
    generatorMs: perRequest(split.generator),
    apiMs: perRequest(split.api),
    databaseMs: perRequest(split.database),
    cpuPerRequestMs: cpuPerRequest,
    // The API (and PGlite inside it) runs its requests on one thread: it cannot use more than a
    // core, however many the machine has.
    maxRequestsPerSecond: Math.min(
      (availableParallelism() * 1000) / cpuPerRequest,
      1000 / perRequest(split.api),
    ),
    neededRequestsPerSecond: (connections * 1000) / targetP95Ms,
  };
};

/**
 * The line every case prints under a request's figures: where its CPU went per request, how many
 * requests/s that leaves this machine and how many the p95 target asks for (Little's law).
 */
export const capacityLine = (
  engine: 'pglite' | 'postgres',
  capacity: ReturnType<typeof capacityOf>,
): string => {
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  const perSecond = (value: number) => Math.round(value).toLocaleString('es-ES');
  return (
    `CPU por petición: generador ${ms(capacity.generatorMs)}, ` +
    (engine === 'postgres'
      ? `API ${ms(capacity.apiMs)}, PostgreSQL ${ms(capacity.databaseMs)}; `
      : `API con PGlite dentro ${ms(capacity.apiMs)}; `) +
    `total ${ms(capacity.cpuPerRequestMs)}. ` +
    `Caben ≈ ${perSecond(capacity.maxRequestsPerSecond)} peticiones/s ` +
    `(${availableParallelism()} CPU; la API, y PGlite con ella, en un solo hilo); ` +
    `el objetivo de p95 pide al menos ${perSecond(capacity.neededRequestsPerSecond)} ` +
    `(ley de Little: peticiones/s = conexiones / latencia media, y la media no pasa del p95).`
  );
};

/**
 * CPU ms spent during a window by a set of processes that come and go inside it (pgbench's
 * connections each get a PostgreSQL backend that exits with them), which a reading at the start
 * and the end would miss: the set is read every `everyMs` and each process's last reading kept.
 * At most one interval of a process that exits is lost.
 */
export const pollingCpuMeter = (pids: () => readonly number[], everyMs = 200) => {
  const baseline = cpuByPid(pids());
  const latest = new Map(baseline);
  const poll = () => {
    for (const [pid, ms] of cpuByPid(pids())) latest.set(pid, ms);
  };
  const timer = setInterval(poll, everyMs);
  return {
    stop: (): number => {
      clearInterval(timer);
      poll();
      let total = 0;
      for (const [pid, ms] of latest) total += ms - (baseline.get(pid) ?? 0);
      return total;
    },
  };
};

/**
 * The pids of PostgreSQL's backends connected to `database` (their command line reads
 * "postgres: [cluster: ]user database host(port) state"), not those of other work on the same server.
 */
export const backendPids = (database: string): number[] =>
  pidsNamed('postgres').filter((pid) => {
    try {
      const title = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      // "postgres: [cluster: ]user database host(port) state"
      return /^postgres: (?:\S+: )?\S+ (\S+) /.exec(title)?.[1] === database;
    } catch {
      return false;
    }
  });
