// What the user sees: the element is on the page and neither it nor any ancestor is hidden
// (hidden attribute, aria-hidden, display: none, visibility: hidden). A query that found nothing
// has already thrown; this is the assertion that can still fail.
import { expect } from 'vitest';

export function expectShown(element: Element) {
  expect(element.isConnected, 'on the page').toBe(true);
  for (let node: Element | null = element; node; node = node.parentElement) {
    expect(node.hasAttribute('hidden'), `hidden: ${node.tagName}`).toBe(false);
    expect(node.getAttribute('aria-hidden'), `aria-hidden: ${node.tagName}`).not.toBe('true');
    const style = window.getComputedStyle(node);
    expect(style.display, `display of ${node.tagName}`).not.toBe('none');
    expect(style.visibility, `visibility of ${node.tagName}`).not.toBe('hidden');
  }
}
