/**
 * The Manage Users toasts (product §8) share one id, so each replaces the one before: only one is
 * ever on screen, and a quick second add does not stack a second "User Added Successfully".
 */
export const manageUsersToast = "manage-users";
