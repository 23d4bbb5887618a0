export * from "./auth.ts";
export * from "./settings.ts";
export * from "./tracking.ts";
