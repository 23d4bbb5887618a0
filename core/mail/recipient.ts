/**
 * One inbox's key for per-recipient mail caps: the address folded so that spellings one mail
 * provider delivers to the same inbox count as one (docs/decisions/0049, 0064). Lower case;
 * the `+tag` of the local part removed (every large provider delivers `name+x@` to `name@`);
 * for Gmail the dots of the local part removed too, and googlemail.com read as gmail.com.
 * Over-folding only makes a cap shared by two inboxes; it never sends mail anywhere else.
 */
export function foldRecipient(address: string): string {
  const trimmed = address.trim().toLowerCase();
  const at = trimmed.lastIndexOf("@");
  if (at <= 0) return trimmed;
  let local = trimmed.slice(0, at);
  let domain = trimmed.slice(at + 1).replace(/\.$/, "");
  const plus = local.indexOf("+");
  if (plus > 0) local = local.slice(0, plus);
  if (domain === "googlemail.com") domain = "gmail.com";
  if (domain === "gmail.com") local = local.replaceAll(".", "");
  return `${local}@${domain}`;
}
