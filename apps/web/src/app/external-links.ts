// Links that leave the site. The About page lives with the collective that runs the product.
export const EXTERNAL_LINKS = {
  about: import.meta.env.VITE_ABOUT_URL ?? 'https://example.com/',
} as const;
