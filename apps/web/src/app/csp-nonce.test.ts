import { afterEach, describe, expect, it } from 'vitest';
import { styleNonceGetter } from './csp-nonce';

afterEach(() => {
  document.head.querySelector('meta[property="csp-nonce"]')?.remove();
});

describe('styleNonceGetter', () => {
  it("gives Mantine the nonce the server wrote into the page's csp-nonce meta", () => {
    const meta = document.createElement('meta');
    meta.setAttribute('property', 'csp-nonce');
    meta.setAttribute('nonce', 'r4nd0mNonce+/==');
    document.head.append(meta);
    expect(styleNonceGetter()?.()).toBe('r4nd0mNonce+/==');
  });

  it('gives none on a page without one, so no style element carries an empty nonce', () => {
    expect(styleNonceGetter()).toBeUndefined();
  });
});
