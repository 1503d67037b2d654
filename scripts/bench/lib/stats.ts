/** Percentiles and a printed table for benchmark cases; all times in milliseconds. */
export type Summary = { n: number; p50: number; p95: number; p99: number; mean: number };

const percentile = (sorted: readonly number[], p: number): number => {
  if (sorted.length === 0) return Number.NaN;
  // Nearest-rank: the smallest sample with at least p% of the samples at or below it.
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? Number.NaN;
};

export const summarize = (samples: readonly number[]): Summary => {
  const sorted = samples.toSorted((a, b) => a - b);
  const total = sorted.reduce((sum, value) => sum + value, 0);
  return {
    n: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    mean: sorted.length ? total / sorted.length : Number.NaN,
  };
};

/** Times `work` `iterations` times after `warmup` untimed runs; one sample per call. */
export const timeSamples = async (
  work: (iteration: number) => Promise<unknown>,
  { iterations, warmup = 20 }: { iterations: number; warmup?: number },
): Promise<number[]> => {
  for (let index = 0; index < warmup; index += 1) await work(index);
  const samples: number[] = [];
  for (let index = 0; index < iterations; index += 1) {
    const started = performance.now();
    await work(index);
    samples.push(performance.now() - started);
  }
  return samples;
};

export type Row = { label: string } & Partial<Summary> & Record<string, unknown>;

const format = (value: unknown): string =>
  typeof value === 'number'
    ? Number.isInteger(value)
      ? String(value)
      : value.toFixed(2)
    : String(value ?? '');

/** Prints rows as an aligned table: label, then every other column in first-seen order. */
export const printTable = (rows: readonly Row[]): void => {
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  const cells = [columns, ...rows.map((row) => columns.map((column) => format(row[column])))];
  const widths = columns.map((_, index) =>
    Math.max(...cells.map((line) => line[index]?.length ?? 0)),
  );
  for (const line of cells) {
    console.log(line.map((cell, index) => cell.padEnd(widths[index] ?? 0)).join('  '));
  }
};
