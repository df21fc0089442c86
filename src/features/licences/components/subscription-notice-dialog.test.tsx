import { render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";

import SubscriptionNoticeDialog from "./subscription-notice-dialog";

vi.mock("../actions", () => ({ dismissSubscriptionNotice: vi.fn() }));

afterEach(() => vi.useRealTimers());

describe("the subscription notice (product §1, §2.14)", () => {
  it("states when plans went on sale and the grace period ended", () => {
    render(<SubscriptionNoticeDialog onClose={() => {}} />);
    const notice = screen.getByRole("dialog", { name: "Subscription Plans Now Required" });
    expect(notice).toHaveTextContent("4 September 2024");
    expect(notice).toHaveTextContent("18 September 2024");
  });

  it("offers the early-bird code until 30 September 2024, and not after", () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2024-09-20T12:00:00Z") });
    const { unmount } = render(<SubscriptionNoticeDialog onClose={() => {}} />);
    expect(screen.getByRole("dialog")).toHaveTextContent(
      "10% off the first year of any plan with the code EARLYBIRD10, until 30 September 2024",
    );
    unmount();
    vi.setSystemTime(new Date("2024-10-01T09:00:00Z"));
    render(<SubscriptionNoticeDialog onClose={() => {}} />);
    expect(screen.getByRole("dialog")).not.toHaveTextContent("EARLYBIRD10");
  });
});
