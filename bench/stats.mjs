// Small statistics shared by the in-process bench scenarios (not a scenario itself: run.mjs reads bench/scenarios/).

/** The p-th percentile (nearest rank) of ascending `sorted`, in ms to one decimal; 0 for no samples. */
export function percentile(sorted, p) {
  if (sorted.length === 0) return 0;
  const i = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Number(sorted[Math.max(0, i)].toFixed(1));
}

/** Runs `fn` `runs` times one after another: p50 and p95 wall time. */
export async function timed(runs, fn) {
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { runs, p50Ms: percentile(times, 50), p95Ms: percentile(times, 95) };
}
