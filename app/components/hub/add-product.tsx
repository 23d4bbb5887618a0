import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import type { PreviewOutcome } from "../../../core/tracking/preview-product.ts";
import { availabilityLabel, money } from "../../lib/format.ts";
import { ProductImage } from "../product-image.tsx";
import { IntervalSelect, RuleFields } from "./rule-fields.tsx";

export type PreviewActionData = { intent: "preview"; url: string; outcome: PreviewOutcome };
export type CreateActionData =
  | { intent: "create"; ok: true; watchId: string; title: string | null; ruleMessage: string }
  | { intent: "create"; ok: false; error: { field: string; message: string } };

/** The hub's main field: paste a link, see what Dropwave reads, choose an alert, save. */
export function AddProduct({
  initialUrl,
  minIntervalMinutes,
}: {
  initialUrl: string | null;
  minIntervalMinutes: number;
}) {
  const preview = useFetcher<PreviewActionData>();
  const create = useFetcher<CreateActionData>();
  const [url, setUrl] = useState(initialUrl ?? "");
  const inputRef = useRef<HTMLInputElement>(null);
  const hasAutoStarted = useRef(false);

  const runPreview = (value: string) => {
    const trimmed = value.trim();
    if (!trimmed) return;
    preview.submit({ intent: "preview", url: trimmed }, { method: "post", action: "/hub" });
  };

  useEffect(() => {
    if (initialUrl && !hasAutoStarted.current) {
      hasAutoStarted.current = true;
      runPreview(initialUrl);
    }
  });

  const created = create.data;
  useEffect(() => {
    if (created?.intent === "create" && created.ok) {
      toast.success(`Tracking ${created.title ?? "the product"}`, {
        description: created.ruleMessage,
      });
      setUrl("");
      inputRef.current?.focus();
    }
  }, [created]);

  const isPreviewing = preview.state !== "idle";
  const data =
    preview.state === "idle" && !(created?.intent === "create" && created.ok)
      ? preview.data
      : undefined;
  const createError = created?.intent === "create" && !created.ok ? created.error : null;

  return (
    <section
      aria-labelledby="add-title"
      className="rounded-2xl border border-border bg-surface p-6 shadow-lg"
    >
      <h2 id="add-title" className="font-display text-xl font-bold">
        Track a product
      </h2>
      <form
        className="mt-4 flex flex-col gap-3 sm:flex-row"
        onSubmit={(event) => {
          event.preventDefault();
          runPreview(url);
        }}
      >
        <label htmlFor="product-url" className="sr-only">
          Product link
        </label>
        <input
          ref={inputRef}
          id="product-url"
          name="url"
          type="url"
          required
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          onPaste={(event) => {
            const pasted = event.clipboardData.getData("text");
            if (pasted) {
              event.preventDefault();
              setUrl(pasted.trim());
              runPreview(pasted);
            }
          }}
          placeholder="Paste a product link, e.g. https://www.amazon.com/dp/…"
          className="flex-1 rounded-xl border border-border bg-bg px-4 py-3 text-lg"
        />
        <button
          type="submit"
          disabled={isPreviewing}
          className="rounded-xl bg-accent px-5 py-3 font-semibold text-accent-fg disabled:opacity-70"
        >
          {isPreviewing ? "Reading the page…" : "Preview"}
        </button>
      </form>
      {isPreviewing ? (
        <p className="mt-4 text-sm text-muted" role="status">
          Fetching the page and looking for the price…
        </p>
      ) : null}
      {data ? (
        <PreviewCard
          key={data.url}
          data={data}
          create={create}
          error={createError}
          minIntervalMinutes={minIntervalMinutes}
          onRetry={() => runPreview(data.url)}
        />
      ) : null}
    </section>
  );
}

function PreviewCard({
  data,
  create,
  error,
  minIntervalMinutes,
  onRetry,
}: {
  data: PreviewActionData;
  create: ReturnType<typeof useFetcher<CreateActionData>>;
  error: { field: string; message: string } | null;
  minIntervalMinutes: number;
  onRetry: () => void;
}) {
  const outcome = data.outcome;
  const ok = outcome.kind === "ok" ? outcome.preview : null;
  const priceCandidates = ok ? ok.candidates.filter((c) => c.role === "price") : [];
  const uniqueCandidates = priceCandidates.filter(
    (c, i) =>
      priceCandidates.findIndex(
        (o) => o.price.amountMinor === c.price.amountMinor && o.price.currency === c.price.currency,
      ) === i,
  );
  const isAmbiguous = ok?.status === "ambiguous" && uniqueCandidates.length > 1;
  const [candidateKey, setCandidateKey] = useState<string>("");
  const chosen = uniqueCandidates.find((c) => c.key === candidateKey);
  const currency =
    chosen?.price.currency ?? ok?.price?.currency ?? uniqueCandidates[0]?.price.currency ?? null;

  return (
    <create.Form
      method="post"
      action="/hub"
      className="mt-6 grid gap-6 md:grid-cols-[160px_1fr]"
      data-testid="preview-card"
    >
      <input type="hidden" name="intent" value="create" />
      <input type="hidden" name="url" value={data.url} />
      <div className="aspect-square overflow-hidden rounded-xl border border-border bg-bg">
        <ProductImage src={ok?.imageUrl ?? null} />
      </div>
      <div className="space-y-4">
        {ok ? (
          <div>
            <p className="text-sm text-muted">{ok.store}</p>
            <h3 className="text-lg font-semibold">{ok.title ?? "Untitled product"}</h3>
            {ok.status === "ok" && ok.price ? (
              <p className="mt-1 text-3xl font-black text-accent" data-testid="preview-price">
                {money(ok.price)}
                {ok.isPriceRange ? (
                  <span className="ml-2 text-sm font-normal text-muted">(from)</span>
                ) : null}
                {ok.listPrice ? (
                  <span className="ml-3 text-base font-normal text-muted line-through">
                    {money(ok.listPrice)}
                  </span>
                ) : null}
              </p>
            ) : null}
            <p className="mt-1 text-sm">{availabilityLabel[ok.availability] ?? ok.availability}</p>
            {ok.status === "no_price" || ok.status === "not_product" ? (
              <p
                className="mt-2 rounded-lg border border-warn/50 bg-warn/10 px-3 py-2 text-sm"
                role="status"
              >
                {ok.status === "no_price"
                  ? "No price found on this page. You can still track its availability, or try again later."
                  : "This does not look like a product page. You can still track it, or check the link."}
              </p>
            ) : null}
          </div>
        ) : (
          <div className="rounded-lg border border-warn/50 bg-warn/10 px-4 py-3" role="alert">
            <p className="font-semibold">We could not read this page</p>
            <p className="text-sm">{outcome.kind === "failed" ? outcome.message : ""}</p>
            <p className="mt-1 text-sm text-muted">
              You can still track it: we'll keep trying on schedule.
            </p>
            <button
              type="button"
              onClick={onRetry}
              className="mt-2 text-sm text-accent-2 underline"
            >
              Try again now
            </button>
          </div>
        )}
        {isAmbiguous ? (
          <fieldset className="space-y-2" data-testid="candidates">
            <legend className="text-sm font-semibold">
              This page shows several prices. Which one is the product's?
            </legend>
            {uniqueCandidates.map((c) => (
              <label
                key={c.key}
                className="flex items-center gap-2 rounded-lg border border-border px-3 py-2 text-sm has-[:checked]:border-accent"
              >
                <input
                  type="radio"
                  name="candidateKey"
                  value={c.key}
                  checked={candidateKey === c.key}
                  onChange={() => setCandidateKey(c.key)}
                  required
                />
                <span className="font-semibold">{money(c.price)}</span>
                <span className="text-muted">from {c.raw.slice(0, 60) || c.source}</span>
              </label>
            ))}
          </fieldset>
        ) : null}
        <RuleFields currency={currency} error={error} />
        <div className="flex flex-wrap items-center gap-4">
          <IntervalSelect minMinutes={minIntervalMinutes} />
          <button
            type="submit"
            disabled={create.state !== "idle"}
            className="rounded-lg bg-accent px-5 py-2.5 font-semibold text-accent-fg disabled:opacity-70"
          >
            {create.state !== "idle" ? "Saving…" : "Start tracking"}
          </button>
        </div>
        {error && !["amount", "percent", "ruleKind"].includes(error.field) ? (
          <p role="alert" className="text-sm text-bad">
            {error.message}
          </p>
        ) : null}
      </div>
    </create.Form>
  );
}
