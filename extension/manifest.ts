/**
 * The extension's manifest, one source for both targets: Chrome, Edge and Brave (Manifest V3,
 * a service worker) and Firefox (Manifest V3, an event page, browser_specific_settings.gecko).
 * Permissions are the minimum (docs/decisions/0027-browser-extension.md): activeTab and
 * scripting read the page the person clicked on; storage keeps the address and token; hosts
 * are optional, asked for when needed (their own Dropwave; their stores for browser-assisted
 * checks).
 */
export type ExtensionTarget = "chrome" | "firefox";

/** PNGs rendered from extension/icon.svg by scripts/build-extension.ts. */
const ICONS = Object.fromEntries(
  [16, 32, 48, 128].map((size) => [String(size), `icon-${size}.png`]),
);

export function buildManifest(
  target: ExtensionTarget,
  options: { version: string; extraHostPermissions?: string[] },
): Record<string, unknown> {
  return {
    manifest_version: 3,
    name: "Dropwave",
    short_name: "Dropwave",
    version: options.version,
    description:
      "Track a product's price on your own Dropwave with one click, at the price you see, and point at the right price when a page shows several.",
    icons: ICONS,
    action: {
      default_popup: "popup.html",
      default_title: "Track this product with Dropwave",
      default_icon: ICONS,
    },
    background:
      target === "chrome" ? { service_worker: "background.js" } : { scripts: ["background.js"] },
    permissions: ["activeTab", "scripting", "storage"],
    optional_host_permissions: ["https://*/*", "http://*/*"],
    ...(options.extraHostPermissions?.length
      ? { host_permissions: options.extraHostPermissions }
      : {}),
    ...(target === "chrome"
      ? { minimum_chrome_version: "116" }
      : {
          browser_specific_settings: {
            gecko: { id: "extension@dropwave.app", strict_min_version: "128.0" },
          },
        }),
  };
}
