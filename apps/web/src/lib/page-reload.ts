// Reloading the page after a full save, behind an object so tests can replace it.

/** The page reloads 1 second after every setting was saved. */
export const RELOAD_AFTER_SAVE_MS = 1000;

export const pageReload = {
  reload(): void {
    window.location.reload();
  },
};
