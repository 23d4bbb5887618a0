export * from "./api-tokens.ts";
export * from "./auth.ts";
export * from "./billing.ts";
export * from "./email-rate-limit.ts";
export * from "./fetch.ts";
export * from "./notifications.ts";
export * from "./settings.ts";
export * from "./tracking.ts";
