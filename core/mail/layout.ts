/** Emails in the product's look: HTML for clients that show it, plain text for the rest. */

const escapes: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => escapes[c] ?? c);
}

export type EmailContent = {
  /** First line in the inbox preview. */
  preheader: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footnote?: string;
};

export function renderEmail(content: EmailContent): { html: string; text: string } {
  const paragraphs = content.paragraphs
    .map((p) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(p)}</p>`)
    .join("");
  const action = content.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(content.action.url)}" style="display:inline-block;padding:12px 20px;border-radius:8px;background:#ff2bd6;color:#0d0221;font-weight:700;text-decoration:none">${escapeHtml(content.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#b8b2d9">Or paste this link into your browser: ${escapeHtml(content.action.url)}</p>`
    : "";
  const footnote = content.footnote
    ? `<p style="margin:24px 0 0;font-size:13px;color:#b8b2d9">${escapeHtml(content.footnote)}</p>`
    : "";
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(content.heading)}</title></head>
<body style="margin:0;background:#0d0221;color:#f5f3ff;font-family:system-ui,-apple-system,Segoe UI,sans-serif">
<span style="display:none;max-height:0;overflow:hidden">${escapeHtml(content.preheader)}</span>
<div style="max-width:560px;margin:0 auto;padding:32px 24px">
<p style="margin:0 0 24px;font-weight:800;letter-spacing:.08em;color:#2de2e6">DROPWAVE</p>
<h1 style="margin:0 0 16px;font-size:22px;color:#f5f3ff">${escapeHtml(content.heading)}</h1>
${paragraphs}${action}${footnote}
</div></body></html>`;
  const text = [
    content.heading,
    "",
    ...content.paragraphs.flatMap((p) => [p, ""]),
    ...(content.action ? [`${content.action.label}: ${content.action.url}`, ""] : []),
    ...(content.footnote ? [content.footnote] : []),
    "— Dropwave",
  ].join("\n");
  return { html, text };
}
