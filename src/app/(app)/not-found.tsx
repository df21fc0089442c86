import { NotFoundMessage, notFoundMetadata } from "@/features/shell/components/not-found-message";

export const metadata = notFoundMetadata;

/** A page of this group that is not there, in the group's own chrome (ADR 145). */
export default function NotFound() {
  return <NotFoundMessage />;
}
