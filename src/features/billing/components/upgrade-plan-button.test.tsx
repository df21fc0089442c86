import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";

import { UpgradePlanButton } from "./upgrade-plan-button";

const assign = vi.fn();
const fetchMock = vi.fn();

beforeEach(() => {
  assign.mockReset();
  fetchMock.mockReset();
  vi.stubGlobal("fetch", fetchMock);
  Object.defineProperty(window, "location", { value: { ...window.location, assign }, configurable: true });
});

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
}

describe("UpgradePlanButton", () => {
  it("posts an empty JSON body to /api/portal and goes to the portal it answers with", async () => {
    fetchMock.mockResolvedValue(answer(200, { url: "https://billing.stripe.com/p/session/test_1" }));
    render(<UpgradePlanButton />);
    await userEvent.click(screen.getByRole("button", { name: "Upgrade Plan" }));
    expect(fetchMock).toHaveBeenCalledWith("/api/portal", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://billing.stripe.com/p/session/test_1"));
  });

  it("shows the server's refusal and can be pressed again", async () => {
    fetchMock.mockResolvedValue(
      answer(403, { error: { code: "forbidden", message: "Only your licence admin can manage billing." } }),
    );
    render(<UpgradePlanButton>Manage billing</UpgradePlanButton>);
    await userEvent.click(screen.getByRole("button", { name: "Manage billing" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Only your licence admin can manage billing.");
    expect(screen.getByRole("button", { name: "Manage billing" })).toBeEnabled();
    expect(assign).not.toHaveBeenCalled();
  });

  it("says so when the server cannot be reached", async () => {
    fetchMock.mockRejectedValue(new TypeError("Failed to fetch"));
    render(<UpgradePlanButton />);
    await userEvent.click(screen.getByRole("button", { name: "Upgrade Plan" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("The billing portal could not be opened");
  });
});
