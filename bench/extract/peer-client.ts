import { Worker } from "node:worker_threads";

export type PeerAnswer = { amount: number | null; currency: string | null; availability: unknown };
export type PeerStringAnswer = { parsePrice: number | null; priceParser: number | null };
export const PEER_KINDS = { baseline: 0, tokenize: 1, parse: 2, metascraper: 3 } as const;

/** The peers in their own worker thread (see peer-worker.ts), called synchronously. */
export async function startPeers(
  pages: readonly { path: string; url: string }[],
  strings: readonly string[],
): Promise<{
  /** The structured-data baseline's answer on each page. */
  answers: PeerAnswer[];
  /** metascraper-shopping's answer on each page. */
  metascraper: PeerAnswer[];
  strings: PeerStringAnswer[];
  /** Runs one peer on one page in the worker; the ms it took there. */
  time: (kind: keyof typeof PEER_KINDS, page: number) => number;
  stop: () => Promise<void>;
}> {
  const control = new SharedArrayBuffer(24);
  const state = new Int32Array(control, 0, 4);
  const elapsed = new Float64Array(control, 16, 1);
  const worker = new Worker(new URL("./peer-worker.ts", import.meta.url), {
    workerData: {
      pages: pages.map((p) => p.path),
      urls: pages.map((p) => p.url),
      strings: [...strings],
      control,
    },
  });
  const first = await new Promise<{
    answers: PeerAnswer[];
    metascraper: PeerAnswer[];
    strings: PeerStringAnswer[];
  }>((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  });
  return {
    ...first,
    time(kind, page) {
      state[1] = PEER_KINDS[kind];
      state[2] = page;
      Atomics.store(state, 0, 1);
      Atomics.notify(state, 0);
      while (Atomics.load(state, 0) === 1) Atomics.wait(state, 0, 1, 60_000);
      const ms = elapsed[0] ?? Number.NaN;
      Atomics.store(state, 0, 0);
      return ms;
    },
    async stop() {
      Atomics.store(state, 0, 3);
      Atomics.notify(state, 0);
      await worker.terminate();
    },
  };
}
