export { extractProduct } from "./extract-product.ts";
export {
  Availability,
  CandidateRole,
  CandidateSource,
  CurrencyBasis,
  ExtractOptions,
  ExtractResult,
  ExtractStatus,
  PriceCandidate,
} from "./types.ts";
