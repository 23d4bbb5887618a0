export * from "./auth.ts";
export * from "./fetch.ts";
export * from "./settings.ts";
export * from "./tracking.ts";
