// One Google Benchmark JSON entry of run_type "iteration" (as --benchmark_out writes it, times in ns),
// for tests that write sample files by hand.

export interface GbenchIteration {
  name: string
  run_name: string
  run_type: 'iteration'
  repetitions: number
  repetition_index: number
  threads: number
  iterations: number
  real_time: number
  cpu_time: number
  time_unit: 'ns'
}

export function gbenchIteration(
  name: string,
  ns: number,
  run: {
    repetition?: number
    repetitions?: number
    threads?: number
    iterations?: number
    cpuNs?: number
  } = {}
): GbenchIteration {
  return {
    name,
    run_name: name,
    run_type: 'iteration',
    repetitions: run.repetitions ?? 1,
    repetition_index: run.repetition ?? 0,
    threads: run.threads ?? 1,
    iterations: run.iterations ?? 1000,
    real_time: ns,
    cpu_time: run.cpuNs ?? ns,
    time_unit: 'ns'
  }
}
