/** Title and description for a page; the title gets the product's name. */
export function pageMeta(title: string, description: string) {
  return [{ title: `${title} · Dropwave` }, { name: "description", content: description }];
}
