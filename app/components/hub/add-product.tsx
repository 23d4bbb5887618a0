import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { PreviewOutcome } from "../../../core/tracking/preview-product.ts";
import { availabilityLabel, money } from "../../lib/format.ts";
import { toast } from "../../lib/toast.ts";
import { ProductImage } from "../product-image.tsx";
import { buttonClass } from "../ui/button.tsx";
import { cardClass } from "../ui/card.tsx";
import { inputClass } from "../ui/field.tsx";
import { RadioOption } from "../ui/radio-option.tsx";
import { previewState } from "./preview-state.ts";
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
  // A saved preview is put away; the next preview shows again. (Hiding every preview while
  // the last save's answer was "ok" left the hub blank after the first product.)
  const previewData = useRef(preview.data);
  previewData.current = preview.data;
  const [putAway, setPutAway] = useState<{
    save: CreateActionData;
    preview: PreviewActionData | undefined;
  } | null>(null);
  useEffect(() => {
    if (created?.intent === "create" && created.ok) {
      setPutAway({ save: created, preview: previewData.current });
      toast.success(`Tracking ${created.title ?? "the product"}`, {
        description: created.ruleMessage,
      });
      setUrl("");
      inputRef.current?.focus();
    }
  }, [created]);

  const isPreviewing = preview.state !== "idle";
  const isJustSaved = created?.intent === "create" && created.ok && putAway?.save !== created;
  const data =
    preview.state === "idle" && !isJustSaved && preview.data !== putAway?.preview
      ? preview.data
      : undefined;
  const createError = created?.intent === "create" && !created.ok ? created.error : null;

  return (
    <section aria-labelledby="add-title" className={cardClass({ isRaised: true })}>
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
          // Text, not type="url": a link without a scheme (www.store.com/p/1) is accepted and
          // read as https by the server, instead of the browser's "Please enter a URL".
          type="text"
          inputMode="url"
          autoComplete="url"
          spellCheck={false}
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
          className={inputClass({ size: "lg", className: "flex-1" })}
        />
        <button type="submit" disabled={isPreviewing} className={buttonClass({ size: "xl" })}>
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
  const { uniqueCandidates, variants, isAmbiguous, isUnreadable, isUntrackable, isBusy } =
    previewState(outcome);
  const [candidateKey, setCandidateKey] = useState<string>("");
  const [variantId, setVariantId] = useState<string>(
    () => variants.find((v) => v.isSelected)?.id ?? variants[0]?.id ?? "",
  );
  const chosen = uniqueCandidates.find((c) => c.key === candidateKey);
  const currency =
    chosen?.price.currency ?? ok?.price?.currency ?? uniqueCandidates[0]?.price.currency ?? null;

  return (
    <create.Form
      method="post"
      action="/hub"
      // On a phone the picture is a thumbnail beside the title, so the price shows without
      // scrolling; from md it is a column of its own.
      className="mt-6 grid grid-cols-[4.5rem_1fr] gap-4 md:grid-cols-[160px_1fr] md:gap-x-6"
      data-testid="preview-card"
    >
      <input type="hidden" name="intent" value="create" />
      <input type="hidden" name="url" value={data.url} />
      <div
        className="aspect-square self-start overflow-hidden rounded-xl border border-border bg-bg md:row-span-2"
        data-testid="preview-picture"
      >
        <ProductImage src={ok?.imageUrl ?? null} />
      </div>
      {ok ? (
        <div className="min-w-0">
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
          {/* While the person is to choose the price, stock is not known yet: the page's stock is
              read with the price it sits beside, so "Stock unknown" here became "In stock" on
              the card right after (#39 item 12). */}
          {isAmbiguous && ok.availability === "unknown" ? null : (
            <p className="mt-1 text-sm" data-testid="preview-stock">
              {availabilityLabel[ok.availability] ?? ok.availability}
            </p>
          )}
          {isUnreadable ? (
            <p
              className="mt-2 rounded-lg border border-warn/50 bg-warn/10 px-3 py-2 text-sm"
              role="status"
              data-testid="preview-no-price"
            >
              Dropwave could not tell which price on this page is the product's. Point at it with
              the{" "}
              <a className="underline" href="/user#connect-extension">
                browser extension
              </a>{" "}
              (“Pick the price”), or track its stock only for now.
            </p>
          ) : null}
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
      ) : isUntrackable ? (
        <div className="rounded-lg border border-bad/50 bg-bad/10 px-4 py-3" role="alert">
          <p className="font-semibold">Dropwave cannot track this address</p>
          <p className="text-sm">{outcome.kind === "failed" ? outcome.message : ""}</p>
          <p className="mt-1 text-sm text-muted">Check the link and paste it again.</p>
        </div>
      ) : (
        <div className="rounded-lg border border-warn/50 bg-warn/10 px-4 py-3" role="alert">
          <p className="font-semibold">We could not read this page</p>
          <p className="text-sm">{outcome.kind === "failed" ? outcome.message : ""}</p>
          {isBusy ? null : (
            <p className="mt-1 text-sm text-muted">
              You can still track it: we'll keep trying on schedule.
            </p>
          )}
          <button type="button" onClick={onRetry} className="mt-2 text-sm text-accent-2 underline">
            Try again now
          </button>
        </div>
      )}
      {isUntrackable || isBusy ? null : (
        <div className="col-span-2 space-y-4 md:col-span-1 md:col-start-2">
          {variants.length > 0 ? (
            <fieldset className="space-y-2" data-testid="variants">
              <legend className="text-sm font-semibold">
                This page offers several variants. Which one do you want to track?
              </legend>
              {variants.map((v) => (
                <RadioOption
                  key={v.id}
                  name="variantId"
                  value={v.id}
                  checked={variantId === v.id}
                  onChoose={() => setVariantId(v.id)}
                  required
                  testId={`variant-${v.id}`}
                  className="flex flex-wrap items-center gap-2 rounded-lg border border-border px-3 py-2 text-sm has-[:checked]:border-accent"
                >
                  <span className="font-semibold">{v.name ?? v.id}</span>
                  {v.price ? <span>{money(v.price)}</span> : null}
                  <span className="text-muted">
                    {availabilityLabel[v.availability] ?? v.availability}
                  </span>
                </RadioOption>
              ))}
            </fieldset>
          ) : null}
          {isAmbiguous ? (
            <fieldset className="space-y-2" data-testid="candidates">
              <legend className="text-sm font-semibold">
                This page shows several prices. Which one is the product's?
              </legend>
              {uniqueCandidates.map((c) => (
                <RadioOption
                  key={c.key}
                  name="candidateKey"
                  value={c.key}
                  checked={candidateKey === c.key}
                  onChoose={() => setCandidateKey(c.key)}
                  required
                  className="flex items-center gap-2 rounded-lg border border-border px-3 py-2 text-sm has-[:checked]:border-accent"
                >
                  <span className="font-semibold">{money(c.price)}</span>
                  <span className="text-muted">from {c.raw.slice(0, 60) || c.source}</span>
                </RadioOption>
              ))}
            </fieldset>
          ) : null}
          <RuleFields
            currency={currency}
            error={error}
            defaultKind={isUnreadable ? "back_in_stock" : "any_drop"}
            onlyRealDeal={false}
          />
          <div className="flex flex-wrap items-center gap-4">
            <IntervalSelect minMinutes={minIntervalMinutes} />
            <button
              type="submit"
              disabled={create.state !== "idle"}
              className={buttonClass({ size: "lg" })}
            >
              {create.state !== "idle" ? "Saving…" : "Start tracking"}
            </button>
          </div>
          {error && !["amount", "percent", "days", "ruleKind"].includes(error.field) ? (
            <p role="alert" className="text-sm text-bad">
              {error.message}
            </p>
          ) : null}
        </div>
      )}
    </create.Form>
  );
}
