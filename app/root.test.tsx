// @vitest-environment jsdom
import { cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub, data } from "react-router";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { signedInMissingProductStub } from "../tests/helpers/root-stub.tsx";
import { consoleError, expectConsoleError } from "../tests/setup/console-error.ts";
import { ErrorBoundary } from "./root.tsx";

afterEach(cleanup);

// jsdom has no matchMedia; the theme switch in the signed-in header asks it in an effect. Its
// TypeError, thrown inside the root's error boundary, made React Router render that boundary
// again, forever: the worker grew to its 4 GB heap limit and aborted (CI, 2026-11-27).
beforeAll(() => {
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
});

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
    expect(
      await screen.findByRole("heading", { name: "Something went wrong on our side" }),
    ).toBeTruthy();
    expect(screen.getByText("500")).toBeTruthy();
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
          throw data("rate bucket auth:7 empty", { status: 429, statusText: "Too Many Requests" });
        },
        Component: () => null,
        ErrorBoundary,
      },
    ]);
    render(<Stub initialEntries={["/"]} />);
    expect(await screen.findByRole("heading", { name: "Too many requests" })).toBeTruthy();
    expect(screen.getByText("429")).toBeTruthy();
    expect(screen.getByText(/try again in a minute/)).toBeTruthy();
    expect(document.body.textContent).not.toContain("bucket");
  });

  it("never shows developer text: a 405 naming a route file, or a raw response body", async () => {
    const Stub = createRoutesStub([
      {
        path: "/",
        loader: () => {
          throw data(
            'You made a POST request to "/" but did not provide an `action` for route "routes/landing"',
            { status: 405 },
          );
        },
        Component: () => null,
        ErrorBoundary,
      },
      {
        path: "/raw",
        loader: () => {
          throw data("<html><body>502 Bad Gateway nginx/1.2</body></html>", { status: 502 });
        },
        Component: () => null,
        ErrorBoundary,
      },
    ]);
    const { unmount } = render(<Stub initialEntries={["/"]} />);
    expect(await screen.findByText("405")).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/routes\/landing|action/);
    unmount();
    render(<Stub initialEntries={["/raw"]} />);
    expect(
      await screen.findByRole("heading", { name: "Something went wrong on our side" }),
    ).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/nginx|<html>/);
  });

  it("renders for a signed-in person without the app's query client or menus", async () => {
    // Rendered in the browser only (no server render to hydrate), React warns about the inline
    // script of the wrong-address notice; that warning alone is expected.
    expectConsoleError();
    const Stub = signedInMissingProductStub();
    render(<Stub initialEntries={["/hub/watch/gone"]} />);
    expect(
      await screen.findByRole("heading", { name: "Page Not Found: /hub/watch/gone" }),
    ).toBeTruthy();
    expect(screen.getByRole("link", { name: "Hub" })).toBeTruthy();
    for (const call of consoleError.mock.calls) expect(String(call[0])).toMatch(/script tag/);
  });
});
