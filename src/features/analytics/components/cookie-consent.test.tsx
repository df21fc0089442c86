import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";

import { parseConsent } from "@/features/analytics/consent-store";

import { CookieConsent, CookieSettingsButton } from "./cookie-consent";

vi.mock("next/script", () => ({
  default: ({ src }: { src: string }) => <script data-testid="analytics" data-src={src} />,
}));

function clearCookies() {
  for (const cookie of document.cookie.split(";")) {
    const name = cookie.split("=")[0]!.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
}

describe("cookie consent", () => {
  beforeEach(clearCookies);

  it("asks a visitor who has not chosen, and loads no analytics meanwhile", () => {
    render(<CookieConsent />);
    expect(screen.getByRole("region", { name: "Cookie consent" })).toBeInTheDocument();
    expect(screen.queryByTestId("analytics")).not.toBeInTheDocument();
  });

  it("stores 'accepted' in cookieConsent and loads the analytics script", async () => {
    render(<CookieConsent />);
    await userEvent.click(screen.getByRole("button", { name: "Accept" }));
    expect(parseConsent(document.cookie)).toBe("accepted");
    expect(screen.queryByRole("region", { name: "Cookie consent" })).not.toBeInTheDocument();
    expect(screen.getByTestId("analytics")).toHaveAttribute("data-src", "/analytics.js");
  });

  it("stores 'rejected' and loads nothing", async () => {
    render(<CookieConsent />);
    await userEvent.click(screen.getByRole("button", { name: "Reject" }));
    expect(parseConsent(document.cookie)).toBe("rejected");
    expect(screen.queryByTestId("analytics")).not.toBeInTheDocument();
  });

  it("lets a visitor change their mind from the footer", async () => {
    document.cookie = "cookieConsent=accepted; Path=/";
    render(
      <>
        <CookieConsent />
        <CookieSettingsButton />
      </>,
    );
    expect(screen.getByTestId("analytics")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Cookie settings" }));
    await userEvent.click(screen.getByRole("button", { name: "Reject" }));
    expect(screen.queryByTestId("analytics")).not.toBeInTheDocument();
  });
});

describe("parseConsent", () => {
  it("reads only the exact cookie and only its two known values", () => {
    expect(parseConsent("a=1; cookieConsent=accepted; b=2")).toBe("accepted");
    expect(parseConsent("xcookieConsent=accepted")).toBeNull();
    expect(parseConsent("cookieConsent=yes")).toBeNull();
    expect(parseConsent("")).toBeNull();
  });
});
