// The part of jsdom's API that tests/helpers/page-html.ts uses (jsdom ships no types).
declare module "jsdom" {
  export class JSDOM {
    constructor(html?: string);
    readonly window: { readonly document: Document };
  }
}
