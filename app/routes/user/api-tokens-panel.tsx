import { useEffect, useRef } from "react";
import { Form } from "react-router";
import { Field, FormMessage } from "../../components/form.tsx";
import { buttonClass } from "../../components/ui/button.tsx";
import { inputClass } from "../../components/ui/field.tsx";
import { toast } from "../../lib/toast.ts";
import { IntentButton, Panel } from "./panel.tsx";
import type { ActionResult, TokenRow } from "./types.ts";

export function ApiTokens({
  tokens,
  result,
}: {
  tokens: TokenRow[];
  result: ActionResult | undefined;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const newToken = result?.newToken;
  useEffect(() => {
    if (newToken) formRef.current?.reset();
  }, [newToken]);
  const copy = async (token: string) => {
    try {
      await navigator.clipboard.writeText(token);
      toast.success("Token copied.");
    } catch {
      toast.error("Could not copy: select the token and copy it by hand.");
    }
  };
  return (
    <Panel id="api-tokens" title="API tokens">
      <p className="text-sm text-muted">
        For the browser extension and your scripts: send{" "}
        <code className="rounded bg-surface-2 px-1 py-0.5 text-fg">
          Authorization: Bearer &lt;token&gt;
        </code>{" "}
        to <code className="rounded bg-surface-2 px-1 py-0.5 text-fg">/api/v1</code>. A token can do
        what you can, so keep it secret.
      </p>
      {newToken ? (
        <div className="space-y-2 rounded-lg border border-good/50 bg-good/10 p-4" role="status">
          <label htmlFor="new-token" className="block text-sm font-medium">
            Your new token “{newToken.name}”. Copy it now: it will not be shown again.
          </label>
          <div className="flex gap-2">
            <input
              id="new-token"
              readOnly
              value={newToken.token}
              onFocus={(event) => event.currentTarget.select()}
              className={inputClass({ className: "min-w-0 flex-1 font-mono text-sm" })}
            />
            <button
              type="button"
              onClick={() => copy(newToken.token)}
              className={buttonClass({ variant: "secondary", size: "sm" })}
            >
              Copy
            </button>
          </div>
        </div>
      ) : null}
      {result?.error ? <FormMessage tone="error">{result.error}</FormMessage> : null}
      <Form ref={formRef} method="post" className="flex flex-wrap items-end gap-3" noValidate>
        <input type="hidden" name="intent" value="create-token" />
        <div className="min-w-0 flex-1">
          <Field
            name="name"
            id="field-token-name"
            label="Token name"
            required
            maxLength={60}
            hint="Where you will use it, e.g. “Firefox extension”."
            error={result?.fieldErrors?.name}
          />
        </div>
        <div className="pb-6">
          <IntentButton intent="create-token" pendingText="Creating…" tone="secondary">
            Create token
          </IntentButton>
        </div>
      </Form>
      {tokens.length === 0 ? (
        <p className="text-sm text-muted">No tokens yet.</p>
      ) : (
        <ul className="divide-y divide-border rounded-lg border border-border" aria-label="Tokens">
          {tokens.map((token) => (
            <li key={token.id} className="flex flex-wrap items-center gap-3 px-4 py-3">
              <div className="min-w-0 flex-1">
                <p className="font-medium">
                  {token.name}
                  {token.scope === "extension" ? (
                    <span className="ml-2 text-xs font-normal text-muted">extension only</span>
                  ) : null}
                </p>
                <p className="text-xs text-muted">
                  <code className="font-mono">{token.prefix}_…</code> · created {token.createdAt} ·{" "}
                  {token.lastUsedAt ? `last used ${token.lastUsedAt}` : "never used"}
                </p>
              </div>
              <Form method="post">
                <input type="hidden" name="intent" value="revoke-token" />
                <input type="hidden" name="id" value={token.id} />
                <button
                  type="submit"
                  aria-label={`Revoke token ${token.name}`}
                  className="rounded-lg border border-bad/60 px-3 py-1.5 text-sm text-bad hover:bg-bad/10"
                >
                  Revoke
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
