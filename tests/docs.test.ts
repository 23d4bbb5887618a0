import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Decision records say whether they still hold (#36 item 9, docs/decisions/README.md): each has
 * a Status line, a record that changes another is named back in that one's Status line, later
 * rounds are records of their own (never appended), and the README indexes every record.
 */
const DIR = "docs/decisions";

type DecisionRecord = { file: string; number: string; text: string };

const STATUS = /^Status: (accepted|superseded by (\d{4}))( · .+)?$/;
/** How a record names the older ones it changes, in its own Status line. */
const CHANGES = /\b(?:Amends|Extends|Supersedes|Builds)\s+((?:\d{4}(?:'s)?(?:,\s*|\s+and\s+)?)+)/g;
/** Headings of a round appended to an old record instead of a new record. */
const APPENDED = /^##+ (Addendum|Update|Second round|Third round|Fourth round|Later round)/im;

function statusLine(text: string): string | undefined {
  // Right under the title: the first lines, before the first section.
  return text
    .split("\n")
    .slice(1, 6)
    .find((line) => line.startsWith("Status:"));
}

/** Every problem with these records, in words (empty when they are in order). */
function recordProblems(records: DecisionRecord[], index: string): string[] {
  const problems: string[] = [];
  const byNumber = new Map<string, DecisionRecord[]>();
  for (const r of records) byNumber.set(r.number, [...(byNumber.get(r.number) ?? []), r]);
  const statusOf = (n: string) => (byNumber.get(n) ?? []).map((r) => statusLine(r.text) ?? "");

  for (const r of records) {
    const status = statusLine(r.text);
    if (!status) {
      problems.push(`${r.file}: no "Status:" line under the title`);
      continue;
    }
    const match = status.match(STATUS);
    if (!match) {
      problems.push(
        `${r.file}: the Status line starts neither "accepted" nor "superseded by NNNN"`,
      );
      continue;
    }
    const by = match[2];
    if (by && !byNumber.has(by))
      problems.push(`${r.file}: superseded by ${by}, which is no record`);
    if (by && !statusOf(by).some((s) => s.includes(`Supersedes ${r.number}`))) {
      problems.push(
        `${r.file}: superseded by ${by}, whose Status line does not say "Supersedes ${r.number}"`,
      );
    }
    for (const names of status.matchAll(CHANGES)) {
      for (const older of names[1]?.match(/\d{4}/g) ?? []) {
        if (!byNumber.has(older)) {
          problems.push(`${r.file}: changes ${older}, which is no record`);
        } else if (!statusOf(older).some((s) => s.includes(r.number))) {
          problems.push(`${r.file}: changes ${older}, whose Status line does not name ${r.number}`);
        }
      }
    }
    // And back: a record that says a later one amended or extended it is named by that one.
    for (const part of status.replace(/\([^()]*\)/g, "").split(/ · |;/)) {
      const later = part.match(/\b(?:Amended|Extended) by (.*)/)?.[1] ?? "";
      for (const newer of later.match(/\d{4}/g) ?? []) {
        if (byNumber.has(newer) && !statusOf(newer).some((s) => s.includes(r.number))) {
          problems.push(
            `${r.file}: changed by ${newer}, whose Status line does not name ${r.number}`,
          );
        }
      }
    }
    const appended = r.text.match(APPENDED);
    if (appended) {
      problems.push(`${r.file}: "${appended[0]}" appended; write a new record that amends it`);
    }
    if (!index.includes(`(${r.file})`)) problems.push(`${r.file}: not in the README's index`);
  }
  for (const [, linked] of index.matchAll(/\((\d{4}-[\w-]+\.md)\)/g)) {
    if (!records.some((r) => r.file === linked))
      problems.push(`README indexes ${linked}: no such file`);
  }
  return problems;
}

function readRecords(): DecisionRecord[] {
  return readdirSync(DIR)
    .filter((file) => /^\d{4}-.+\.md$/.test(file))
    .map((file) => ({
      file,
      number: file.slice(0, 4),
      text: readFileSync(join(DIR, file), "utf8"),
    }));
}

describe("decision records", () => {
  it("each has a Status line, names what it changes both ways, and is in the index", () => {
    const records = readRecords();
    expect(records.length).toBeGreaterThan(70);
    expect(recordProblems(records, readFileSync(join(DIR, "README.md"), "utf8"))).toEqual([]);
  });

  it("the check finds a record without a Status line, a round appended, a missing back-link", () => {
    const ok = (n: string, status: string, body = "## Context\nWhy.") => ({
      file: `${n}-x.md`,
      number: n,
      text: `# ${n} — X\n\n${status}\n\n${body}\n`,
    });
    const index = "(0001-x.md) (0002-x.md) (0003-x.md)";
    const good = [
      ok("0001", "Status: superseded by 0002 · Date: 2026-11-27"),
      ok("0002", "Status: accepted · Date: 2026-11-27 · Supersedes 0001"),
      ok("0003", "Status: accepted · Date: 2026-11-27"),
    ];
    expect(recordProblems(good, index)).toEqual([]);

    expect(recordProblems([...good.slice(0, 2), ok("0003", "Date: 2026-11-27")], index)).toEqual([
      '0003-x.md: no "Status:" line under the title',
    ]);
    expect(
      recordProblems([...good.slice(0, 2), ok("0003", "Status: maybe · Date: 2026-11-27")], index),
    ).toEqual(['0003-x.md: the Status line starts neither "accepted" nor "superseded by NNNN"']);
    expect(
      recordProblems(
        [
          ...good.slice(0, 2),
          ok("0003", "Status: accepted", "## Context\nWhy.\n\n## Addendum (later): more"),
        ],
        index,
      ),
    ).toEqual(['0003-x.md: "## Addendum" appended; write a new record that amends it']);
    expect(
      recordProblems(
        [good[0]!, good[1]!, ok("0003", "Status: accepted · Amends 0002 (a part)")],
        index,
      ),
    ).toEqual(["0003-x.md: changes 0002, whose Status line does not name 0003"]);
    expect(
      recordProblems(
        [good[0]!, good[1]!, ok("0003", "Status: accepted · Amended by 0002 (a part)")],
        index,
      ),
    ).toEqual(["0003-x.md: changed by 0002, whose Status line does not name 0003"]);
    expect(
      recordProblems(
        [ok("0001", "Status: superseded by 0002"), ok("0002", "Status: accepted"), good[2]!],
        index,
      ),
    ).toEqual(['0001-x.md: superseded by 0002, whose Status line does not say "Supersedes 0001"']);
    expect(recordProblems(good, "(0001-x.md) (0002-x.md) (0009-y.md)")).toEqual([
      "0003-x.md: not in the README's index",
      "README indexes 0009-y.md: no such file",
    ]);
  });
});
