import { z } from "zod";
import { storedText } from "../input.ts";
import { type ChannelSchemaOptions, createChannelConfigSchema } from "./channels.ts";

/**
 * Notification input: what people send to add or change a channel (createChannel,
 * updateChannel), choose a watch's channels and mark the feed read — for pages and /api/v1 alike. The server builds them once with its options
 * (http:// only where the operator allowed private addresses, as the fetcher does).
 */
export function channelInputSchemas(options: ChannelSchemaOptions = {}) {
  const config = createChannelConfigSchema(options);
  const name = storedText({ label: "The channel's name" })
    .trim()
    .max(80, "Use at most 80 characters for the name.");
  return {
    ChannelInput: z.object({ name: name.optional(), config }),
    ChannelUpdate: z
      .object({
        name: name.optional(),
        isPaused: z.boolean({ error: "isPaused is true or false." }).optional(),
        config: config.optional(),
      })
      .refine(
        (v) => v.name !== undefined || v.isPaused !== undefined || v.config !== undefined,
        "Nothing to change: send a name, isPaused or config.",
      ),
  };
}

/** The production schemas (https only), as documented in the OpenAPI description. */
export const { ChannelInput, ChannelUpdate } = channelInputSchemas();
export type ChannelInput = z.infer<typeof ChannelInput>;
export type ChannelUpdate = z.infer<typeof ChannelUpdate>;

/** Mark feed entries read: some by id, or all. */
export const ReadInput = z.union(
  [
    z.object({ ids: z.array(z.uuid("Not an event id")).min(1).max(500) }),
    z.object({ all: z.literal(true) }),
  ],
  { error: "Send { ids: [...] } or { all: true }." },
);
export type ReadInput = z.infer<typeof ReadInput>;

/** A watch's channels; an empty list means every channel (the default). */
export const WatchChannelsInput = z.object({
  channelIds: z.array(z.uuid("Not a channel id")).max(50, "Choose at most 50 channels."),
});
export type WatchChannelsInput = z.infer<typeof WatchChannelsInput>;
