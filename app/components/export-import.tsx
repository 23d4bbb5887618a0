import { useFetcher } from "react-router";
import type { ImportResult } from "../../core/tracking/import-watches.ts";
import type { ImportReply } from "../routes/user-import.tsx";
import { buttonClass } from "./ui/button.tsx";

/** /user → Export and import: download everything tracked, or bring in an export file. */
export function ExportImport() {
  const importer = useFetcher<ImportReply>();
  const isImporting = importer.state !== "idle";
  const reply = importer.state === "idle" ? importer.data : undefined;
  const link =
    "inline-block rounded-lg border border-border bg-surface-2 px-4 py-2.5 font-semibold hover:bg-bg";
  return (
    <div className="space-y-5 text-sm" data-testid="export-import">
      <div className="space-y-2">
        <p className="text-muted">
          Everything you track, with each product's price history: JSON to import here or into
          another Dropwave, CSV for a spreadsheet.
        </p>
        <div className="flex flex-wrap gap-3">
          <a href="/api/v1/export" download className={link}>
            Download JSON
          </a>
          <a href="/api/v1/export?format=csv" download className={link}>
            Download CSV
          </a>
        </div>
      </div>
      <importer.Form
        method="post"
        action="/user/import"
        encType="multipart/form-data"
        className="space-y-3"
      >
        <label className="block">
          <span className="font-semibold">Import an export file (.json)</span>
          <span className="block text-muted">
            Products you already track are skipped; nothing is imported if the file has an error.
          </span>
          <input
            type="file"
            name="file"
            accept=".json,application/json"
            required
            className="mt-2 block w-full text-sm"
          />
        </label>
        <button type="submit" disabled={isImporting} className={buttonClass({ size: "lg" })}>
          {isImporting ? "Importing…" : "Import"}
        </button>
      </importer.Form>
      {reply?.error ? (
        <p role="alert" className="rounded-lg border border-bad/50 bg-bad/10 px-3 py-2 text-bad">
          {reply.error}
        </p>
      ) : reply?.result ? (
        <ImportSummary result={reply.result} />
      ) : null}
    </div>
  );
}

/** "Imported 1 product. It is checked in a moment." (#39 item 12: not "1 product. They are"). */
export function importedText(count: number): string {
  return count === 1
    ? "Imported 1 product. It is checked in a moment."
    : `Imported ${count} products. They are checked in a moment.`;
}

function ImportSummary({ result }: { result: ImportResult }) {
  const { imported, skipped } = result;
  return (
    <div role="status" className="rounded-lg border border-accent-2/50 bg-accent-2/10 px-3 py-2">
      <p className="font-semibold">
        {imported === 0 ? "Nothing new to import." : importedText(imported)}
      </p>
      {skipped.length > 0 ? (
        <>
          <p>Skipped {skipped.length}:</p>
          <ul className="list-disc pl-5">
            {skipped.map((s) => (
              <li key={s.url} className="break-all">
                {s.url} — {s.reason}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
