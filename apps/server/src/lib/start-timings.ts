/**
 * `AQUAMALL_START_TIMINGS=1` prints, at each step of a start, the seconds since the process began and the CPU
 * seconds it has used (stderr, one `[start]` line per step): where a start's time goes (docs/decisions/0247).
 */
const enabled = process.env.AQUAMALL_START_TIMINGS === '1';

export function startMark(step: string): void {
  if (!enabled) return;
  const cpu = process.cpuUsage();
  console.error(
    `[start] ${step}: ${(performance.now() / 1000).toFixed(2)} s, cpu ${((cpu.user + cpu.system) / 1e6).toFixed(2)} s`,
  );
}
