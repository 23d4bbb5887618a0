import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { accuracyReport, extractFile, readManifest, scoreRow } from "./commands/extract-command.ts";

type Command = (args: string[]) => number;

const USAGE = `usage: npm run cli -- <command> [options]
commands:
  extract FILE... [--url URL]     one JSON object per file (JSON Lines)
  extract --manifest FILE         accuracy report for a JSON Lines manifest (path, url, price, currency)`;

const extract: Command = (args) => {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { url: { type: "string" }, manifest: { type: "string" } },
  });
  if (values.manifest) {
    const { rows, base } = readManifest(values.manifest);
    const scored = rows.map((row) =>
      scoreRow(row, extractFile(row.path, readFileSync(resolve(base, row.path), "utf8"), row.url)),
    );
    console.log(JSON.stringify(accuracyReport(scored)));
    return 0;
  }
  if (positionals.length === 0) {
    console.error(USAGE);
    return 2;
  }
  for (const file of positionals) {
    const html = readFileSync(file, "utf8");
    console.log(JSON.stringify(extractFile(file, html, values.url ?? `file://${resolve(file)}`)));
  }
  return 0;
};

const COMMANDS: Record<string, Command> = { extract };

export function main(argv: string[]): number {
  const [name, ...rest] = argv;
  const command = name ? COMMANDS[name] : undefined;
  if (!command) {
    console.error(USAGE);
    return 2;
  }
  try {
    return command(rest);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 1;
  }
}

if (import.meta.main) process.exitCode = main(process.argv.slice(2));
