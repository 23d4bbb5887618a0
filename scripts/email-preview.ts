/**
 * `npm run email:preview [dir]`: renders every email with sample data to
 * <dir>/<name>.html and <name>.txt (default build/email-preview) and an index.html.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { emailPreviews } from "../core/mail/emails/previews.ts";

const dir = path.resolve(process.argv[2] ?? "build/email-preview");
await mkdir(dir, { recursive: true });
const previews = emailPreviews();
for (const preview of previews) {
  await writeFile(path.join(dir, `${preview.name}.html`), preview.html);
  await writeFile(
    path.join(dir, `${preview.name}.txt`),
    `Subject: ${preview.subject}\n\n${preview.text}`,
  );
}
const items = previews
  .map((p) => `<li><a href="${p.name}.html">${p.name}</a> (<a href="${p.name}.txt">text</a>)</li>`)
  .join("\n");
await writeFile(
  path.join(dir, "index.html"),
  `<!doctype html><title>Dropwave emails</title><ul>\n${items}\n</ul>\n`,
);
console.log(`${previews.length} emails written to ${dir}`);
