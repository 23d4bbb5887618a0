import { useState } from "react";
import { announceFeedChanged } from "../lib/feed-refresh.ts";
import { http } from "../lib/http.ts";
import { toast } from "../lib/toast.ts";

type Results = {
  results: {
    name: string;
    result: "delivered" | "retry" | "permanent" | "skipped";
    reason?: string;
  }[];
};

/** "Send a test alert": one test message to every channel, results in a toast. */
export function SendTestAlert() {
  const [isPending, setPending] = useState(false);
  const send = async () => {
    setPending(true);
    let results: Results["results"];
    try {
      ({ results } = await http<Results>("/api/v1/notifications/test", { method: "POST" }));
    } catch {
      toast.error("Could not send the test alert. Try again.");
      return;
    } finally {
      setPending(false);
    }
    if (results.length === 0) {
      toast("No channels are on. Add one on your account page.");
      return;
    }
    const failed = results.filter((r) => r.result !== "delivered");
    // One line per channel (a joined string ran together into one line: #39 item 7).
    const description = (
      <ul className="mt-1 space-y-0.5" data-testid="test-alert-results">
        {results.map((r) => (
          <li key={r.name}>
            {r.name}: {r.result === "delivered" ? "delivered" : r.reason}
          </li>
        ))}
      </ul>
    );
    // The test is in the bell now: show it there without waiting for the next poll.
    announceFeedChanged();
    (failed.length === 0 ? toast.success : toast.error)(
      failed.length === 0 ? "Test alert sent" : "Some channels failed",
      { description, duration: 10_000 },
    );
  };
  return (
    <button
      type="button"
      onClick={() => void send()}
      disabled={isPending}
      className="rounded-lg border border-border px-3 py-1.5 text-sm hover:bg-surface-2 disabled:opacity-70"
    >
      {isPending ? "Sending…" : "Send a test alert"}
    </button>
  );
}
