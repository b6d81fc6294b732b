/** One measured number. Benchmarks measure; they never pass or fail. */
export interface BenchResult {
  name: string;
  value: number;
  unit: string;
  note?: string;
}

export interface Bench {
  title: string;
  run(): Promise<BenchResult[]>;
}
