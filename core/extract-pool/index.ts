export {
  createExtractPool,
  type ExtractOutcome,
  type Extractor,
  type ExtractPool,
  type ExtractPoolOptions,
  extractTaskFile,
  inlineExtractor,
} from "./extract-pool.ts";
