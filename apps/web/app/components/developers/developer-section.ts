/**
 * What each section of /developers is given: the workspace worked in (`workspace`, the `?workspace=`
 * of its calls; null for the person's own) and the site's origin, which the examples call. The page is
 * a list of such sections (routes/developers.tsx), each a card of its own.
 */
export type DeveloperSectionProps = { workspace: string | null; origin: string };
