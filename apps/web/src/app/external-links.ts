// Links that leave the site. The About page lives with the collective that runs the product;
// its address is set at build time (VITE_ABOUT_URL). Without it, no About link is shown.
const aboutUrl = import.meta.env.VITE_ABOUT_URL?.trim();

export const EXTERNAL_LINKS = {
  about: aboutUrl ? aboutUrl : undefined,
} as const;
