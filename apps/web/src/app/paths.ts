/**
 * Every path the router registers, by name. Link and navigate through these names, never through string literals,
 * so a renamed route breaks the build instead of a link.
 */
export const paths = {
  home: '/',
  landing: '/landing',
  notFound: '/errors/404',
  serverError: '/errors/500',
} as const;

/** The name of a registered path. */
export type PathName = keyof typeof paths;
