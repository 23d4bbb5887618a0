import { expect, test } from "@playwright/test";

test("the API reference renders from Dropwave alone: no request leaves the origin (#35 item 16)", async ({
  page,
  baseURL,
}) => {
  const origin = new URL(baseURL as string).origin;
  const elsewhere: string[] = [];
  page.on("request", (request) => {
    const url = request.url();
    if (!url.startsWith(origin) && !url.startsWith("data:") && !url.startsWith("blob:")) {
      elsewhere.push(url);
    }
  });
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.goto("/api/v1/docs");
  // Scalar drew the document: the API's own title and one of its operations are on the page.
  await expect(page.getByRole("heading", { name: /Dropwave/ }).first()).toBeVisible({
    timeout: 20_000,
  });
  await expect(page.getByText("Who is signed in").first()).toBeVisible();
  expect(elsewhere).toEqual([]);
  expect(violations).toEqual([]);
});
