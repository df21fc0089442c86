/**
 * What a request to join a licence means for someone already on a plan, in the words every side
 * shows: the admin's Add User dialog, the request's e-mail and the page where it is answered. They
 * say what `addMemberToLicence()` does: it takes only a user on no licence who has never bought one,
 * and never touches the plan they are on. The search does not tell an admin whether someone has a
 * plan (ADR 036), so the admin's words cover both cases.
 */
export const ownPlanWords = {
  /** For the admin sending a request, below "Send request". */
  forAdmin:
    "If they pay for a plan of their own, they cannot accept: joining never cancels or changes that plan, and an account can be on one licence only. If they are on another organisation's licence, they can accept once its admin removes them.",
  /** For the user asked, in the request's e-mail (written before we know their plan on the day they answer). */
  forInvitee:
    "If you pay for a TariffScope plan of your own, you cannot accept: joining never cancels or changes your plan, and an account can be on one licence only. If you are on another organisation's licence, you can accept once its admin removes you.",
  /** The user asked pays for their own plan. */
  payingInvitee:
    "You pay for a TariffScope plan of your own, so you cannot accept: joining never cancels or changes your plan, and an account can be on one licence only. Your plan stays as it is. You can still decline.",
  /** The user asked is on another organisation's licence. */
  memberInvitee:
    "You are on another organisation's licence, so you cannot accept while you are on it: its admin can remove you, and then you can accept. You can still decline.",
} as const;

/** Which plan, if any, keeps a user from accepting a request to join: one they pay for, or another licence. */
export type PlanInTheWay = "own" | "another" | null;

export function planInTheWay(user: {
  admin: boolean;
  delegate: boolean;
  licenceId: string | null;
}): PlanInTheWay {
  if (user.admin) return "own";
  return user.licenceId !== null || user.delegate ? "another" : null;
}
