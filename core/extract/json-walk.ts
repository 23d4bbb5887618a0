/** Bounded depth-first search through parsed JSON: calls `visit` on every object, with its path. */
export function walkJson(
  value: unknown,
  visit: (node: Record<string, unknown>, path: string) => boolean | undefined,
  maxNodes = 200_000,
): void {
  const stack: [unknown, string, number][] = [[value, "$", 0]];
  let count = 0;
  while (stack.length > 0 && count < maxNodes) {
    const item = stack.pop();
    if (!item) break;
    const [node, path, depth] = item;
    count++;
    if (node === null || typeof node !== "object" || depth > 60) continue;
    if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) stack.push([node[i], `${path}[${i}]`, depth + 1]);
      continue;
    }
    const record = node as Record<string, unknown>;
    if (visit(record, path) === false) continue;
    const keys = Object.keys(record);
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i] as string;
      stack.push([record[key], `${path}.${key}`, depth + 1]);
    }
  }
}

export function asRecord(value: unknown): Record<string, unknown> | null {
  return value !== null && typeof value === "object" && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

export function asArray(value: unknown): unknown[] {
  if (value === undefined || value === null) return [];
  return Array.isArray(value) ? value : [value];
}

export function asText(value: unknown): string | null {
  if (typeof value === "string") return value.trim() || null;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  return null;
}
