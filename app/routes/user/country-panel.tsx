import { FormMessage } from "../../components/form.tsx";
import { inputClass } from "../../components/ui/field.tsx";
import { IntentForm, Panel } from "./panel.tsx";
import type { ActionResult } from "./types.ts";

/** Country names in English, by code (the browser's Intl, the same on the server). */
function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(["en"], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * The person's country: what a `$` (or another sign several countries share) means when the
 * page itself does not say (core/accounts/country.ts, issue #34).
 */
export function CountryPanel({
  country,
  browserCountry,
  countries,
  result,
}: {
  country: string | null;
  browserCountry: string | null;
  countries: readonly string[];
  result: ActionResult | undefined;
}) {
  const fromBrowser = browserCountry
    ? `From my browser's language (now ${countryName(browserCountry)})`
    : "From my browser's language (it names no country now)";
  return (
    <Panel id="country" title="Country">
      <p className="text-sm text-muted">
        When a store's page shows a sign several currencies share (a $ on a page that says nothing
        more) and nothing on the page decides it, Dropwave reads it in your country's currency.
      </p>
      {result?.error ? <FormMessage tone="error">{result.error}</FormMessage> : null}
      <IntentForm intent="country" submit="Save country" pendingText="Saving…">
        <label htmlFor="field-country" className="block text-sm font-medium">
          Your country
        </label>
        <select
          id="field-country"
          name="country"
          defaultValue={country ?? ""}
          aria-invalid={result?.fieldErrors?.country ? true : undefined}
          aria-describedby={result?.fieldErrors?.country ? "field-country-error" : undefined}
          className={inputClass({ className: "mt-1 w-full" })}
        >
          <option value="">{fromBrowser}</option>
          {countries.map((code) => (
            <option key={code} value={code}>
              {countryName(code)} ({code})
            </option>
          ))}
        </select>
        {result?.fieldErrors?.country ? (
          <p id="field-country-error" className="text-sm text-bad">
            {result.fieldErrors.country}
          </p>
        ) : null}
      </IntentForm>
    </Panel>
  );
}
