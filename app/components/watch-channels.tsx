import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { http } from "../lib/http.ts";
import { apiQuery } from "../lib/query-client.ts";
import { QueryScope } from "../lib/query-scope.tsx";
import { toast } from "../lib/toast.ts";

type Channel = { id: string; name: string; kind: string; isPaused: boolean };

/** Which channels this watch alerts: all (the default) or a chosen few. */
/** The watch's channels, with TanStack Query (app/lib/query-scope.tsx). */
export function WatchChannels({ watchId }: { watchId: string }) {
  return (
    <QueryScope>
      <WatchChannelsBody watchId={watchId} />
    </QueryScope>
  );
}

function WatchChannelsBody({ watchId }: { watchId: string }) {
  const queryClient = useQueryClient();
  const key = ["watch-channels", watchId];
  const channels = useQuery({
    queryKey: ["channels"],
    queryFn: apiQuery<{ channels: Channel[] }>("/api/v1/channels"),
  });
  const choice = useQuery({
    queryKey: key,
    queryFn: apiQuery<{ channelIds: string[]; isAll: boolean }>(
      `/api/v1/watches/${watchId}/channels`,
    ),
  });
  const [picked, setPicked] = useState<Set<string> | null>(null);
  useEffect(() => {
    if (choice.data) setPicked(choice.data.isAll ? null : new Set(choice.data.channelIds));
  }, [choice.data]);
  const save = useMutation({
    mutationFn: (channelIds: string[]) =>
      http(`/api/v1/watches/${watchId}/channels`, { method: "PUT", body: { channelIds } }),
    onSuccess: () => {
      toast.success("Saved");
      return queryClient.invalidateQueries({ queryKey: key });
    },
    onError: () => toast.error("Could not save. Try again."),
  });
  const list = channels.data?.channels ?? [];
  if (list.length === 0) {
    return (
      <p className="text-sm text-muted">
        Alerts go to your account email and the bell.{" "}
        <Link to="/user#notifications" className="text-accent underline underline-offset-4">
          Add channels
        </Link>
      </p>
    );
  }
  return (
    <fieldset className="space-y-2 text-sm" data-testid="watch-channels">
      <legend className="font-semibold">Send this product's alerts to</legend>
      <label className="flex items-center gap-2">
        <input
          type="radio"
          checked={picked === null}
          onChange={() => setPicked(null)}
          name="channel-mode"
        />
        All my channels (and the account email)
      </label>
      <label className="flex items-center gap-2">
        <input
          type="radio"
          checked={picked !== null}
          onChange={() => setPicked(new Set())}
          name="channel-mode"
        />
        Only these:
      </label>
      {picked !== null
        ? list.map((c) => (
            <label key={c.id} className="ml-6 flex items-center gap-2">
              <input
                type="checkbox"
                checked={picked.has(c.id)}
                onChange={(e) => {
                  const next = new Set(picked);
                  if (e.target.checked) next.add(c.id);
                  else next.delete(c.id);
                  setPicked(next);
                }}
              />
              {c.name} <span className="text-muted">({c.kind})</span>
            </label>
          ))
        : null}
      <button
        type="button"
        onClick={() => save.mutate(picked ? [...picked] : [])}
        disabled={save.isPending || (picked !== null && picked.size === 0)}
        className="rounded border border-border px-3 py-1 hover:bg-surface-2 disabled:opacity-60"
      >
        Save channels
      </button>
    </fieldset>
  );
}
