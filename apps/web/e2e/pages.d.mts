// Types of pages.mjs.
export declare const PUBLIC_SITE_PAGES: readonly string[];
export declare const EVERY_PUBLIC_PAGE: readonly string[];
export declare const ADMIN_PAGES: readonly string[];
