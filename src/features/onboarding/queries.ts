import { tourIds, type TourId } from "./tours";

/**
 * The tours among `names` (a user's finished or skipped tours, read with their profile) that this
 * product still has, so they do not start again by themselves.
 */
export function knownTours(names: readonly string[]): TourId[] {
  return names.filter((tour): tour is TourId => (tourIds as readonly string[]).includes(tour));
}
