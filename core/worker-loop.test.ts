import { afterEach, describe, expect, it, vi } from "vitest";
import { createWakeableSleep, defaultWorkerId } from "./worker-loop.ts";

afterEach(() => {
  vi.useRealTimers();
});

describe("createWakeableSleep", () => {
  it("sleeps for its time unless woken, and a wake ends it early", async () => {
    vi.useFakeTimers();
    const { sleep, wake } = createWakeableSleep();
    let isDone = false;
    const nap = sleep(1_000).then(() => {
      isDone = true;
    });
    await vi.advanceTimersByTimeAsync(999);
    expect(isDone).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await nap;
    expect(isDone).toBe(true);
    const long = sleep(60_000);
    wake();
    await long; // would need a minute of fake time without the wake
  });

  it("keeps a wake that came while awake: the next sleep returns at once, the one after waits", async () => {
    vi.useFakeTimers();
    const { sleep, wake } = createWakeableSleep();
    wake();
    await sleep(60_000);
    let isDone = false;
    const nap = sleep(500).then(() => {
      isDone = true;
    });
    await vi.advanceTimersByTimeAsync(499);
    expect(isDone).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await nap;
  });
});

describe("defaultWorkerId", () => {
  it("names the host and process, and differs per call", () => {
    const id = defaultWorkerId();
    expect(id).toMatch(new RegExp(`:${process.pid}:[0-9a-f]{6}$`));
    expect(defaultWorkerId()).not.toBe(id);
  });
});
