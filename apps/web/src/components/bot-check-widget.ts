// What the bot check's vendor widgets (ALTCHA, Turnstile) share: their props and the space they take.

/** Roughly a widget's own height, so the form does not jump when it appears. */
export const BOT_CHECK_HEIGHT = 66;

export type TWidgetProps = {
  /** The payload once the visitor passed; null when it expired or failed and must be done again. */
  onVerified: (token: string | null) => void;
  /** The widget's code could not be loaded. */
  onLoadFailed: () => void;
};
