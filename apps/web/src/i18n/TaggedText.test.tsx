import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { TaggedText } from './TaggedText';

function Link({ href, children }: { href: string; children?: ReactNode }) {
  return <a href={href}>{children}</a>;
}

describe('TaggedText', () => {
  it('puts each named part in its element, with the text around it as written', () => {
    const { container } = render(
      <p>
        <TaggedText
          text="Read the <privacy>Privacy Policy</privacy> and the <terms>Terms</terms>."
          parts={{ privacy: <Link href="/p" />, terms: <Link href="/t" /> }}
        />
      </p>,
    );
    expect(container.textContent).toBe('Read the Privacy Policy and the Terms.');
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/p');
    expect(screen.getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/t');
  });

  it('shows a part it has no element for as written', () => {
    const { container } = render(<TaggedText text="a <x>b</x> c" parts={{}} />);
    expect(container.textContent).toBe('a <x>b</x> c');
  });
});
