/**
 * The model fit.ts fits: an L2-regularised logistic regression over the visible candidates'
 * features (core/extract/visible-features.ts), by Newton's method. Plain functions, tested in
 * fit-model.test.ts.
 */

/** A store brand: amazon.co.uk and amazon.de are one store; ar-sa.namshi.com is namshi. */
export function brand(store: string): string {
  const parts = store
    .trim()
    .toLowerCase()
    .replace(/^www\d*\./, "")
    .split(".");
  const generic = new Set(["com", "co", "net", "org", "gov", "edu", "ac"]);
  while (
    parts.length > 1 &&
    (parts[parts.length - 1]?.length === 2 || generic.has(parts[parts.length - 1] ?? ""))
  )
    parts.pop();
  return parts[parts.length - 1] ?? store;
}

/** Solve a x = b (small, dense) by Gaussian elimination with partial pivoting. */
export function solve(a: number[][], b: number[]): number[] {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i] as number]);
  for (let c = 0; c < n; c++) {
    let pivot = c;
    for (let r = c + 1; r < n; r++)
      if (Math.abs((m[r] as number[])[c] as number) > Math.abs((m[pivot] as number[])[c] as number))
        pivot = r;
    [m[c], m[pivot]] = [m[pivot] as number[], m[c] as number[]];
    const pr = m[c] as number[];
    const d = pr[c] as number;
    if (Math.abs(d) < 1e-12) continue;
    for (let r = 0; r < n; r++) {
      if (r === c) continue;
      const row = m[r] as number[];
      const f = (row[c] as number) / d;
      for (let k = c; k <= n; k++) row[k] = (row[k] as number) - f * (pr[k] as number);
    }
  }
  return m.map((row, i) => {
    const d = row[i] as number;
    return Math.abs(d) < 1e-12 ? 0 : (row[n] as number) / d;
  });
}

/** One page's visible candidates: their features, and 1 where the amount is the labelled one. */
export type FitPage = { xs: readonly (readonly number[])[]; ys: readonly number[] };

/**
 * L2-regularised logistic regression by Newton's method. Each page weighs the same in total
 * (a page with 400 candidates must not outvote one with 4): half of its weight on its positives,
 * half on its negatives. The bias (feature 0) is not penalised. Weights rounded to 2 decimals,
 * as they are pasted into the source.
 */
export function fitWeights(
  train: readonly FitPage[],
  featureCount: number,
  lambda: number,
): number[] {
  const xs: (readonly number[])[] = [];
  const ys: number[] = [];
  const sw: number[] = [];
  for (const p of train) {
    const pos = p.ys.filter((y) => y === 1).length;
    const neg = p.ys.length - pos;
    p.xs.forEach((x, i) => {
      xs.push(x);
      ys.push(p.ys[i] as number);
      sw.push(p.ys[i] === 1 ? 0.5 / Math.max(1, pos) : 0.5 / Math.max(1, neg));
    });
  }
  const k = featureCount;
  let w = new Array<number>(k).fill(0);
  for (let iter = 0; iter < 30; iter++) {
    const h = Array.from({ length: k }, () => new Array<number>(k).fill(0));
    const g = new Array<number>(k).fill(0);
    for (let i = 0; i < xs.length; i++) {
      const x = xs[i] as readonly number[];
      let z = 0;
      for (let j = 0; j < k; j++) z += (w[j] as number) * (x[j] ?? 0);
      const p = 1 / (1 + Math.exp(-z));
      const wi = sw[i] as number;
      const r = wi * ((ys[i] as number) - p);
      const v = wi * p * (1 - p);
      for (let a = 0; a < k; a++) {
        const xa = x[a] ?? 0;
        if (xa === 0) continue;
        g[a] = (g[a] as number) + r * xa;
        const row = h[a] as number[];
        for (let b = 0; b < k; b++) row[b] = (row[b] as number) + v * xa * (x[b] ?? 0);
      }
    }
    for (let a = 0; a < k; a++) {
      const reg = a === 0 ? 1e-6 : lambda;
      g[a] = (g[a] as number) - reg * (w[a] as number);
      (h[a] as number[])[a] = ((h[a] as number[])[a] as number) + reg;
    }
    const step = solve(h, g);
    w = w.map((v, j) => v + (step[j] as number));
    if (Math.max(...step.map(Math.abs)) < 1e-4) break;
  }
  return w.map((v) => Math.round(v * 100) / 100);
}
