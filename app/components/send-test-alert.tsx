import { useMutation } from "@tanstack/react-query";
import { toast } from "sonner";
import { http } from "../lib/http.ts";

type Results = {
  results: { name: string; result: "delivered" | "retry" | "permanent"; reason?: string }[];
};

/** "Send a test alert": one test message to every channel, results in a toast. */
export function SendTestAlert() {
  const send = useMutation({
    mutationFn: () => http<Results>("/api/v1/notifications/test", { method: "POST" }),
    onSuccess: ({ results }) => {
      if (results.length === 0) {
        toast("No channels are on. Add one on your account page.");
        return;
      }
      const failed = results.filter((r) => r.result !== "delivered");
      const lines = results.map((r) =>
        r.result === "delivered" ? `${r.name}: delivered` : `${r.name}: ${r.reason}`,
      );
      (failed.length === 0 ? toast.success : toast.error)(
        failed.length === 0 ? "Test alert sent" : "Some channels failed",
        { description: lines.join("\n"), duration: 10_000 },
      );
    },
    onError: () => toast.error("Could not send the test alert. Try again."),
  });
  return (
    <button
      type="button"
      onClick={() => send.mutate()}
      disabled={send.isPending}
      className="rounded-lg border border-border px-3 py-1.5 text-sm hover:bg-surface-2 disabled:opacity-70"
    >
      {send.isPending ? "Sending…" : "Send a test alert"}
    </button>
  );
}
