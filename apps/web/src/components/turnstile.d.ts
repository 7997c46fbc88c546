// The part of Cloudflare Turnstile's browser API (window.turnstile, explicit rendering) the bot check uses.
type TTurnstileRenderOptions = {
  sitekey: string;
  size?: 'normal' | 'flexible' | 'compact';
  language?: string;
  theme?: 'auto' | 'light' | 'dark';
  callback?: (token: string) => void;
  'expired-callback'?: () => void;
  /** Returning true tells Turnstile the error was handled. */
  'error-callback'?: (code: string) => boolean | undefined;
};

type TTurnstile = {
  /** Returns the widget's id. */
  render: (container: HTMLElement, options: TTurnstileRenderOptions) => string | undefined;
  remove: (widgetId: string) => void;
};

interface Window {
  turnstile?: TTurnstile;
}
