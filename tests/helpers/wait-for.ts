/**
 * Polls `condition` until it holds or `timeoutMs` passes: tests wait on conditions, never on
 * fixed sleeps. The condition may be synchronous or async (a database query).
 */
export async function waitFor(
  condition: () => boolean | Promise<boolean>,
  timeoutMs = 5_000,
  pollMs = 10,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("waitFor: condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
