/**
 * A webhook whose Stripe-Signature header does not match its body (or is too old). Apart from
 * stripe-gateway.ts so the transport can name it without loading the `stripe` package.
 */
export class StripeSignatureError extends Error {
  constructor(cause: unknown) {
    super("The Stripe-Signature header does not match this body.", { cause });
    this.name = "StripeSignatureError";
  }
}
