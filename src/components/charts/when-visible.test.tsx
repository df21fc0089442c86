import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import { WhenVisible } from "./when-visible";

type Watcher = { callback: IntersectionObserverCallback; disconnect: ReturnType<typeof vi.fn> };

/** A stand-in IntersectionObserver whose "scrolled into view" the test decides. */
function fakeObserver() {
  const watchers: Watcher[] = [];
  class FakeIntersectionObserver {
    disconnect = vi.fn();
    constructor(callback: IntersectionObserverCallback) {
      watchers.push({ callback, disconnect: this.disconnect });
    }
    observe() {}
    unobserve() {}
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal("IntersectionObserver", FakeIntersectionObserver);
  const report = (isIntersecting: boolean) =>
    act(() => {
      for (const watcher of watchers)
        watcher.callback([{ isIntersecting } as IntersectionObserverEntry], {} as IntersectionObserver);
    });
  return { watchers, report };
}

afterEach(() => vi.unstubAllGlobals());

describe("WhenVisible", () => {
  it("draws nothing but a placeholder until its box comes into view, then draws and stops watching", () => {
    const { watchers, report } = fakeObserver();
    const { container } = render(
      <WhenVisible>
        <p>the drawing</p>
      </WhenVisible>,
    );
    expect(screen.queryByText("the drawing")).not.toBeInTheDocument();
    expect(container.querySelector("[data-chart-placeholder]")).toBeInTheDocument();

    report(false);
    expect(screen.queryByText("the drawing")).not.toBeInTheDocument();

    report(true);
    expect(screen.getByText("the drawing")).toBeInTheDocument();
    expect(container.querySelector("[data-chart-placeholder]")).not.toBeInTheDocument();
    expect(watchers[0]!.disconnect).toHaveBeenCalled();
  });

  it("draws at once where the browser cannot tell what is in view", async () => {
    vi.stubGlobal("IntersectionObserver", undefined);
    render(
      <WhenVisible>
        <p>the drawing</p>
      </WhenVisible>,
    );
    expect(await screen.findByText("the drawing")).toBeInTheDocument();
  });
});
