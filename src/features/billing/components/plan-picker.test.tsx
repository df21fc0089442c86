import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";

import { plans } from "../plans";
import { PlanPicker } from "./plan-picker";

const search = vi.hoisted(() => ({ params: new URLSearchParams() }));
const router = vi.hoisted(() => ({ push: vi.fn() }));
vi.mock("next/navigation", () => ({ useSearchParams: () => search.params, useRouter: () => router }));

const actions = vi.hoisted(() => ({ startCheckout: vi.fn(), submitCustomPlanEnquiry: vi.fn() }));
vi.mock("../actions", () => actions);

const assign = vi.fn();
beforeEach(() => {
  search.params = new URLSearchParams();
  router.push.mockReset();
  actions.startCheckout.mockReset();
  actions.submitCustomPlanEnquiry.mockReset();
  assign.mockReset();
  Object.defineProperty(window, "location", { value: { ...window.location, assign }, configurable: true });
});

const continueButton = () => screen.getByRole("button", { name: /Continue to payment|Start free trial/ });

const continueButtonOrNull = () =>
  screen.queryByRole("button", { name: /Continue to payment|Start free trial/ });

const refused =
  "You have already had a free trial of TariffScope, and there is one per person. Choose a plan below to subscribe: it starts with the first payment.";

describe("PlanPicker: the free trial (ADR 190)", () => {
  it("offers the 14-day trial and says what it is and what it costs after", async () => {
    render(<PlanPicker plans={plans} />);
    expect(screen.getByText("14-day free trial")).toBeInTheDocument();
    expect(screen.getByText(/nothing is charged until the trial ends/)).toBeInTheDocument();
    expect(screen.getByText(/free for 14 days, then £24\.99 a month, excluding VAT/)).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Start free trial" })).toBeInTheDocument();
  });

  it("tells someone who has had a trial why there is none, and sells the plan without one", async () => {
    actions.startCheckout.mockResolvedValue({ ok: true, data: { url: "/payment/test-checkout/tcs_1" } });
    render(<PlanPicker plans={plans} trial={{ state: "refused", reason: refused }} />);
    expect(screen.getByRole("status")).toHaveTextContent(refused);
    expect(screen.queryByText(/free for 14 days/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Continue to payment" }));
    expect(actions.startCheckout).toHaveBeenCalledWith({ planId: "single", interval: "monthly" });
  });

  it("switches to the plans when the server refuses the trial at checkout", async () => {
    actions.startCheckout.mockResolvedValue({
      ok: false,
      code: "conflict",
      message: refused,
      fieldErrors: { trial: [refused] },
    });
    render(<PlanPicker plans={plans} />);
    await userEvent.click(screen.getByRole("button", { name: "Start free trial" }));
    expect(await screen.findByRole("status")).toHaveTextContent(refused);
    expect(screen.getByRole("button", { name: "Continue to payment" })).toBeEnabled();
    expect(assign).not.toHaveBeenCalled();
  });
});

describe("PlanPicker", () => {
  it("preselects the plan named in the address and shows its price, and the annual saving, for the chosen interval", async () => {
    search.params = new URLSearchParams("plan=multi-10");
    render(<PlanPicker plans={plans} />);
    expect(screen.getByRole("radio", { name: /10 Users/ })).toBeChecked();
    await userEvent.click(screen.getByRole("radio", { name: "Annually (save 17%)" }));
    expect(screen.getByText(/£1,799\.00 a year \(save 17%\), excluding VAT/)).toBeInTheDocument();
    expect(screen.getByRole("radio", { name: /10 Users.*£1,799\.00 a year \(save 17%\)/ })).toBeChecked();
  });

  it("falls back to the first plan for an unknown plan id", () => {
    search.params = new URLSearchParams("plan=free-forever");
    render(<PlanPicker plans={plans} />);
    expect(screen.getByRole("radio", { name: /Single User/ })).toBeChecked();
  });

  it("asks for the organisation only on multi-user plans", async () => {
    render(<PlanPicker plans={plans} />);
    expect(screen.queryByLabelText("Organisation name")).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("radio", { name: /5 Users/ }));
    expect(screen.getByLabelText("Organisation name")).toBeInTheDocument();
  });

  it("sends the choice to the server and goes to the checkout it returns", async () => {
    actions.startCheckout.mockResolvedValue({
      ok: true,
      data: { url: "https://checkout.stripe.com/c/pay/cs_1" },
    });
    render(<PlanPicker plans={plans} />);
    await userEvent.click(screen.getByRole("radio", { name: /5 Users/ }));
    await userEvent.click(screen.getByRole("radio", { name: /^Annually/ }));
    await userEvent.type(screen.getByLabelText("Organisation name"), "Harbour Pharmacy Ltd");
    await userEvent.click(continueButton());
    expect(actions.startCheckout).toHaveBeenCalledWith({
      planId: "multi-5",
      interval: "annual",
      organisation: "Harbour Pharmacy Ltd",
      trial: true,
    });
    await waitFor(() => expect(assign).toHaveBeenCalledWith("https://checkout.stripe.com/c/pay/cs_1"));
    expect(continueButton()).toBeDisabled();
  });

  it.each([
    "Customer ID not found",
    "Failed to load Stripe",
    "Checkout failed. Please try again in a few minutes.",
    "Too many attempts. Please wait a moment and try again.",
  ])("shows '%s' and leaves the loading state", async (message) => {
    actions.startCheckout.mockResolvedValue({ ok: false, code: "unavailable", message });
    render(<PlanPicker plans={plans} />);
    await userEvent.click(continueButton());
    expect(await screen.findByRole("alert")).toHaveTextContent(message);
    expect(continueButton()).toBeEnabled();
  });

  it("says 'Checkout failed' when the server cannot be reached", async () => {
    actions.startCheckout.mockRejectedValue(new TypeError("Failed to fetch"));
    render(<PlanPicker plans={plans} />);
    await userEvent.click(continueButton());
    expect(await screen.findByRole("alert")).toHaveTextContent("Checkout failed");
    expect(continueButton()).toBeEnabled();
  });

  it("sends a visitor to sign in, coming back to the same plan", async () => {
    actions.startCheckout.mockResolvedValue({
      ok: false,
      code: "unauthorized",
      message: "Please log in to continue.",
    });
    search.params = new URLSearchParams("plan=multi-2");
    render(<PlanPicker plans={plans} />);
    await userEvent.type(screen.getByLabelText("Organisation name"), "Two Ltd");
    await userEvent.click(continueButton());
    await waitFor(() =>
      expect(router.push).toHaveBeenCalledWith(
        `/account-management/signin?redirect=${encodeURIComponent("/pricing/choose-your-plan?plan=multi-2")}`,
      ),
    );
  });

  it("offers the custom-plan enquiry above 10 users and sends it", async () => {
    actions.submitCustomPlanEnquiry.mockResolvedValue({ ok: true, data: { received: true } });
    render(<PlanPicker plans={plans} />);
    await userEvent.click(screen.getByRole("radio", { name: /More than 10 users/ }));
    expect(continueButtonOrNull()).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText("Your name"), "Sam Lee");
    await userEvent.type(screen.getByLabelText("Email"), "sam@example.test");
    await userEvent.type(screen.getByLabelText("Organisation name"), "Big Group plc");
    await userEvent.type(screen.getByLabelText("Number of users"), "40");
    await userEvent.click(screen.getByRole("button", { name: "Send enquiry" }));
    expect(actions.submitCustomPlanEnquiry).toHaveBeenCalledWith({
      name: "Sam Lee",
      email: "sam@example.test",
      organisation: "Big Group plc",
      seats: 40,
    });
    expect(await screen.findByRole("status")).toHaveTextContent("We have your enquiry");
  });

  it("shows the enquiry's field errors", async () => {
    actions.submitCustomPlanEnquiry.mockResolvedValue({
      ok: false,
      code: "validation",
      message: "Please check the highlighted fields.",
      fieldErrors: { seats: ["Custom plans start at 11 users"] },
    });
    search.params = new URLSearchParams("plan=custom");
    render(<PlanPicker plans={plans} />);
    await userEvent.click(screen.getByRole("button", { name: "Send enquiry" }));
    expect(await screen.findByText("Custom plans start at 11 users")).toBeInTheDocument();
    expect(screen.getByLabelText("Number of users")).toHaveAttribute("aria-invalid", "true");
  });
});
