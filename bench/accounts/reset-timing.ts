export {};

// Times password-reset requests for an existing and an unknown email against a running server,
// interleaved so machine load hits both alike. Start the server with a high limit, e.g.
//   AUTH_RATE_LIMIT_PER_MINUTE=100000 PORT=3212 DATA_DIR=/tmp/reset-timing npm start
// then: npx node bench/accounts/reset-timing.ts http://localhost:3212 [rounds]
const base = (process.argv[2] ?? "http://localhost:3000").replace(/\/+$/, "");
const rounds = Number(process.argv[3] ?? 100);
const headers = { "content-type": "application/json", origin: base };

async function post(path: string, body: unknown): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${base}${path}`, {
    method: "POST",
    headers,
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return performance.now() - started;
}

const known = `timing-${Date.now()}@example.test`;
await post("/api/auth/sign-up/email", { email: known, password: "timing password 1", name: "T" });
const times = { known: [] as number[], unknown: [] as number[] };
for (let i = 0; i < rounds; i++) {
  const order = i % 2 === 0 ? (["known", "unknown"] as const) : (["unknown", "known"] as const);
  for (const kind of order) {
    const email = kind === "known" ? known : `nobody-${i}-${Date.now()}@example.test`;
    times[kind].push(
      await post("/api/auth/request-password-reset", { email, redirectTo: `${base}/reset` }),
    );
  }
}
const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};
for (const kind of ["known", "unknown"] as const) {
  const v = times[kind];
  console.log(
    `${kind.padEnd(8)} n=${v.length} median=${quantile(v, 0.5).toFixed(1)} ms p90=${quantile(v, 0.9).toFixed(1)} ms`,
  );
}
console.log(
  `median difference (known − unknown): ${(quantile(times.known, 0.5) - quantile(times.unknown, 0.5)).toFixed(1)} ms`,
);
