// @vitest-environment jsdom
import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { onDemand } from "./on-demand.ts";

afterEach(() => {
  document.body.innerHTML = "";
});

function Hello({ name }: { name: string }) {
  return <p>hello {name}</p>;
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function harness(load: () => Promise<{ default: typeof Hello }>) {
  const hello = onDemand(load);
  function Host({ isWanted, name }: { isWanted: boolean; name: string }) {
    const Component = hello.useComponent(isWanted);
    return Component ? <Component name={name} /> : <p>nothing</p>;
  }
  return { hello, Host };
}

describe("onDemand", () => {
  it("fetches the code the first time it is wanted, once for every use, and renders it", async () => {
    const gate = deferred<{ default: typeof Hello }>();
    const load = vi.fn(() => gate.promise);
    const { Host } = harness(load);
    const { rerender } = render(
      <>
        <Host isWanted={false} name="a" />
        <Host isWanted={false} name="b" />
      </>,
    );
    expect(load).not.toHaveBeenCalled();
    rerender(
      <>
        <Host isWanted name="a" />
        <Host isWanted name="b" />
      </>,
    );
    expect(screen.getAllByText("nothing")).toHaveLength(2);
    await act(async () => gate.resolve({ default: Hello }));
    expect(screen.getByText("hello a")).toBeTruthy();
    expect(screen.getByText("hello b")).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("after a preload, a newly wanted use renders in the same render, without waiting", async () => {
    const load = vi.fn(async () => ({ default: Hello }));
    const { hello, Host } = harness(load);
    hello.preload();
    await act(async () => {});
    const { rerender } = render(<Host isWanted={false} name="c" />);
    rerender(<Host isWanted name="c" />);
    // No act flush of a promise in between: the component was already here.
    expect(screen.getByText("hello c")).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("renders nothing when the fetch fails, and fetches again the next time it is wanted", async () => {
    const load = vi
      .fn<() => Promise<{ default: typeof Hello }>>()
      .mockRejectedValueOnce(new Error("chunk gone"))
      .mockResolvedValueOnce({ default: Hello });
    const { Host } = harness(load);
    const { rerender } = render(<Host isWanted name="d" />);
    await act(async () => {});
    expect(screen.getByText("nothing")).toBeTruthy();
    rerender(<Host isWanted={false} name="d" />);
    rerender(<Host isWanted name="d" />);
    await act(async () => {});
    expect(screen.getByText("hello d")).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("is not shown while not wanted, even once its code is here", async () => {
    const { hello, Host } = harness(async () => ({ default: Hello }));
    hello.preload();
    await act(async () => {});
    render(<Host isWanted={false} name="e" />);
    expect(screen.getByText("nothing")).toBeTruthy();
  });
});
