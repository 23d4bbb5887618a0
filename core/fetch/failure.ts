import type { Deadline } from "./deadline.ts";
import type { ResolvedOptions } from "./options.ts";
import type { FetchOutcome } from "./outcome.ts";

/** A thrown network error as an outcome: timeout, abort, TLS or another network failure. */
export function errorCode(error: unknown): string {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && code !== "UND_ERR_SOCKET") return code;
    current = (current as { cause?: unknown }).cause;
  }
  const code = (error as { code?: unknown })?.code;
  return typeof code === "string" ? code : "UNKNOWN";
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function isTlsCode(code: string): boolean {
  return (
    /^(ERR_TLS_|ERR_SSL_|CERT_|ERR_OSSL_)/.test(code) ||
    /^(DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_|HOSTNAME_MISMATCH|EPROTO)/.test(
      code,
    )
  );
}

export function failureOutcome(
  url: string,
  error: unknown,
  deadline: Deadline,
  options: ResolvedOptions,
): FetchOutcome {
  const code = errorCode(error);
  if (
    deadline.isTimedOut ||
    code === "UND_ERR_HEADERS_TIMEOUT" ||
    code === "UND_ERR_BODY_TIMEOUT"
  ) {
    return { kind: "timeout", url, phase: "response", afterMs: options.timeoutMs };
  }
  if (code === "UND_ERR_CONNECT_TIMEOUT") {
    return { kind: "timeout", url, phase: "connect", afterMs: options.connectTimeoutMs };
  }
  if (deadline.signal.aborted) return { kind: "aborted", url };
  if (isTlsCode(code)) return { kind: "tls_error", url, code };
  return { kind: "network_error", url, code, message: errorMessage(error) };
}
