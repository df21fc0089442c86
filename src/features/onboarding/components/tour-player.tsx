"use client";

import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useMemo, useSyncExternalStore } from "react";
import { EVENTS, Joyride, STATUS, type EventData, type Step } from "react-joyride";

import { recordTourOutcome } from "../actions";
import {
  lastButtonLabel,
  tourQueryParameters,
  tourSteps,
  withoutTourParameters,
  type TourAudience,
  type TourId,
  type TourRequest,
  type TourStepDefinition,
  type TourTarget,
} from "../tours";

/** The product's green, dark enough for white text on the buttons to pass contrast. */
const primaryColour = "#047857";
/** Below this width the tooltip takes the screen's width less a margin instead of its usual 380px. */
const narrowScreen = "(max-width: 479px)";
/** From this width the menu is the sidebar down the left, so steps open to its right. */
const sidebarScreen = "(min-width: 768px)";

/** Plays one tour with react-joyride; the TourProvider loads it (lazily) while a tour plays. */
export default function TourPlayer({
  request,
  onEnd,
}: {
  request: TourRequest;
  onEnd: (tour: TourId) => void;
}) {
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams();
  const narrow = useMediaQuery(narrowScreen);
  const sidebar = useMediaQuery(sidebarScreen);
  const steps = useMemo(
    () => toJoyrideSteps(request.tour, request.audience, sidebar ? "right" : "bottom"),
    [request, sidebar],
  );

  const handleEvent = (data: EventData) => {
    if (data.type === EVENTS.TARGET_NOT_FOUND) {
      console.warn(`Tour step "${data.step.id ?? data.index}" skipped: its target is not on the page.`);
      return;
    }
    if (data.type !== EVENTS.TOUR_END) return;
    const outcome = data.status === STATUS.SKIPPED ? "skipped" : "finished";
    onEnd(request.tour);
    void recordTourOutcome({ tour: request.tour, outcome }).then((result) => {
      if (!result.ok) console.warn(`The ${request.tour} tour's outcome was not saved: ${result.message}`);
    });
    if (tourQueryParameters.some((name) => search.has(name)))
      router.replace(withoutTourParameters(pathname, new URLSearchParams(search)), { scroll: false });
  };

  return (
    <Joyride
      run
      continuous
      steps={steps}
      onEvent={handleEvent}
      locale={{
        back: "Back",
        next: "Next",
        nextWithProgress: "Next ({current} of {total})",
        last: lastButtonLabel[request.tour],
        skip: "Skip",
      }}
      options={{
        buttons: ["back", "skip", "primary"],
        showProgress: true,
        primaryColor: primaryColour,
        textColor: "#1c1917",
        overlayClickAction: false,
        scrollOffset: 20,
        scrollDuration: 300,
        spotlightPadding: 10,
        width: narrow ? "calc(100vw - 2rem)" : 380,
        zIndex: 100,
      }}
    />
  );
}

function toJoyrideSteps(tour: TourId, audience: TourAudience, placement: "right" | "bottom"): Step[] {
  return tourSteps(tour, audience).map((step, index) => {
    const { target } = step;
    return {
      id: step.id,
      title: step.title,
      content: <StepBody step={step} />,
      ...(target === "centre"
        ? { target: "body", placement: "center" as const }
        : { target: () => findTarget(target), placement }),
      // The tour was asked for, so its first step opens at once; later steps show their beacon first.
      skipBeacon: index === 0,
    };
  });
}

function StepBody({ step }: { step: TourStepDefinition }) {
  return (
    <div className="space-y-3 text-left text-sm">
      <p>{step.body}</p>
      {step.link && (
        <p>
          <a href={step.link.href} className="font-medium text-primary underline underline-offset-2">
            {step.link.label}
          </a>
        </p>
      )}
    </div>
  );
}

/**
 * The menu entry a step points at, or the menu itself where that entry is out of sight: on a phone the
 * entries sit in the folded side menu, so the steps point at its button; on the narrow desktop sidebar
 * the account links are hidden, so that step points at the sidebar.
 */
function findTarget(target: Exclude<TourTarget, "centre">): HTMLElement | null {
  return firstVisible(`[data-tour="${target}"]`) ?? firstVisible('[data-tour="menu"]');
}

function firstVisible(selector: string): HTMLElement | null {
  for (const element of document.querySelectorAll<HTMLElement>(selector)) {
    if (element.getClientRects().length > 0) return element;
  }
  return null;
}

function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}
