/** One measured number. Benchmarks measure; they never pass or fail. */
export interface BenchResult {
  name: string;
  value: number;
  unit: string;
  note?: string;
  /** The target for this figure, as printed beside it (e.g. "≤ 200 ms"). */
  goal?: string;
  /** Whether the measured value meets `goal`; absent when there is no goal or it is not measurable. */
  met?: boolean;
}

export interface Bench {
  title: string;
  run(): Promise<BenchResult[]>;
}
