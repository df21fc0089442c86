export const defaultMaxWorkers: number;
export function webConcurrency(options: {
  env: Record<string, string | undefined>;
  dev: boolean;
  cpus: number;
}): number;
