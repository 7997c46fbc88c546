// The style nonce of this page (decision 0022): the server writes a fresh one into index.html's
// csp-nonce meta for every answer, and Mantine stamps it on the <style> elements it adds.
import { CSP_NONCE_PLACEHOLDER } from '@message-station/shared/catalogue';
import { setNonce } from 'get-nonce';

/**
 * Mantine's getStyleNonce. While prerendering: the placeholder the server replaces. In the
 * browser: the meta's nonce, read from the property (browsers hide a nonce attribute's value once
 * the page has loaded). None where the page has none (component tests), so no empty attribute.
 * The nonce is also handed to get-nonce: the scroll lock of Mantine's modals and drawers
 * (react-remove-scroll) adds its <style> element with the nonce get-nonce gives it, and the
 * policy refuses one without (the page behind a dialog would scroll).
 */
export function styleNonceGetter(): (() => string) | undefined {
  let nonce: string | undefined = CSP_NONCE_PLACEHOLDER;
  if (typeof document !== 'undefined') {
    const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
    nonce = meta?.nonce || meta?.getAttribute('nonce') || undefined;
  }
  if (!nonce) return undefined;
  setNonce(nonce);
  return () => nonce;
}
