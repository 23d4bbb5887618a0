// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import type { PreviewOutcome } from "../../../core/tracking/preview-product.ts";
import { parseCreateForm } from "../../lib/hub-forms.server.ts";
import { AddProduct } from "./add-product.tsx";

afterEach(cleanup);

const outcome = {
  kind: "ok",
  preview: {
    status: "ok",
    url: "https://shop.example/p/1",
    title: "Kettle",
    store: "shop.example",
    price: { amountMinor: 4999, currency: "EUR" },
    listPrice: null,
    availability: "in_stock",
    candidates: [],
    variants: [],
  },
} as unknown as PreviewOutcome;

/** The add form on /hub, with an action that previews and keeps what "Start tracking" sent. */
function renderAddForm() {
  const sent: FormData[] = [];
  const Stub = createRoutesStub([
    {
      path: "/hub",
      Component: () => <AddProduct initialUrl={null} minIntervalMinutes={60} />,
      action: async ({ request }) => {
        const form = await request.formData();
        if (form.get("intent") === "preview") {
          return { intent: "preview", url: String(form.get("url")), outcome };
        }
        sent.push(form);
        return { intent: "create", ok: false, error: { field: "url", message: "kept" } };
      },
    },
  ]);
  render(<Stub initialEntries={["/hub"]} />);
  return sent;
}

describe("the add-a-product form", () => {
  it("offers 'only a real deal' beside the alert, and sends it to the API's schema (#37 item 4)", async () => {
    const sent = renderAddForm();
    fireEvent.change(screen.getByLabelText("Product link"), {
      target: { value: "https://shop.example/p/1" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Preview" }));
    const box = await screen.findByRole("checkbox", { name: /Only a real deal/ });
    expect((box as HTMLInputElement).checked).toBe(false);
    fireEvent.click(box);
    fireEvent.click(screen.getByRole("button", { name: "Start tracking" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(parseCreateForm(sent[0]!)).toMatchObject({
      ok: true,
      value: { url: "https://shop.example/p/1", rule: { kind: "any_drop" }, onlyRealDeal: true },
    });
  });

  it("hides the box for an alert that is never about a lower price", async () => {
    renderAddForm();
    fireEvent.change(screen.getByLabelText("Product link"), {
      target: { value: "https://shop.example/p/1" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Preview" }));
    await screen.findByRole("checkbox", { name: /Only a real deal/ });
    fireEvent.click(screen.getByRole("radio", { name: /back in stock/i }));
    expect(screen.queryByRole("checkbox", { name: /Only a real deal/ })).toBeNull();
  });
});
