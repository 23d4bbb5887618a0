// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub, data } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { expectConsoleError } from "../tests/setup/console-error.ts";
import { ErrorBoundary } from "./root.tsx";

afterEach(cleanup);

describe("root error boundary", () => {
  it("shows the 500 page with status, message and description when a route crashes", async () => {
    expectConsoleError(); // React reports the thrown error
    const Stub = createRoutesStub([
      {
        path: "/",
        Component: () => {
          throw new Error("boom: secret internals");
        },
        ErrorBoundary,
      },
    ]);
    render(<Stub initialEntries={["/"]} />);
    expect(await screen.findByRole("heading", { name: "Internal Server Error" })).toBeTruthy();
    expect(screen.getByText("500")).toBeTruthy();
    expect(screen.getByText(/Something went wrong on our side/)).toBeTruthy();
    expect(document.body.textContent).not.toContain("secret internals");
  });

  it("shows the not-found page for a 404 thrown by a loader", async () => {
    const Stub = createRoutesStub([
      {
        path: "/hub/watch/:id",
        loader: () => {
          throw data("No such watch", { status: 404 });
        },
        Component: () => null,
        ErrorBoundary,
      },
    ]);
    render(<Stub initialEntries={["/hub/watch/42"]} />);
    expect(
      await screen.findByRole("heading", { name: "Page Not Found: /hub/watch/42" }),
    ).toBeTruthy();
  });

  it("shows other statuses with their code and text", async () => {
    const Stub = createRoutesStub([
      {
        path: "/",
        loader: () => {
          throw data("Slow down", { status: 429, statusText: "Too Many Requests" });
        },
        Component: () => null,
        ErrorBoundary,
      },
    ]);
    render(<Stub initialEntries={["/"]} />);
    expect(await screen.findByRole("heading", { name: "Too Many Requests" })).toBeTruthy();
    expect(screen.getByText("429")).toBeTruthy();
    expect(screen.getByText("Slow down")).toBeTruthy();
  });
});
