interface ImportMetaEnv {
  /** This bundle's build id ("dev" under `npm run dev`), set by scripts/vite-build-id.ts. */
  readonly DROPWAVE_BUILD_ID?: string;
}
