import type { z } from "zod";
import { ChannelConfig, type ChannelFieldMeta } from "./channels.ts";

export type ChannelKindForm = {
  kind: ChannelConfig["type"];
  label: string;
  fields: { name: string; label: string; input: ChannelFieldMeta["input"] }[];
};

function askedOf(schema: z.ZodType): ChannelFieldMeta | null {
  const meta = schema.meta() as Partial<ChannelFieldMeta> | undefined;
  return meta?.title ? { title: meta.title, input: meta.input ?? "text" } : null;
}

/**
 * The channel kinds a person can add by hand, and the fields each asks for, read from the
 * channel schema (its `.meta()` titles), so the form cannot drift from what the API accepts.
 */
export const CHANNEL_KINDS: ChannelKindForm[] = ChannelConfig.options.flatMap((option) => {
  const kind = askedOf(option);
  if (!kind) return [];
  const fields = Object.entries(option.shape as Record<string, z.ZodType>).flatMap(
    ([name, schema]) => {
      const field = name === "type" ? null : askedOf(schema);
      return field ? [{ name, label: field.title, input: field.input }] : [];
    },
  );
  return [{ kind: option.shape.type.value, label: kind.title, fields }];
});
