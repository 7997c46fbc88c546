import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { splitLastUpdated } from './guide-document';
import { MarkdownView } from './MarkdownView';
import { parseMarkdown, type THeading, walkTokens } from './markdown';

function renderMarkdown(markdown: string) {
  const router = createMemoryRouter([{ path: '*', element: <MarkdownView markdown={markdown} /> }]);
  return render(
    <MantineProvider>
      <RouterProvider router={router} />
    </MantineProvider>,
  );
}

describe('markdown', () => {
  it('renders headings from level 2 down with anchor ids, paragraphs joined across lines', () => {
    const { container } = renderMarkdown(
      '# Guide\n\n## What is 10DLC?\n\nOne line\nand the next.\n\n### Fees',
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Guide' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 2, name: 'What is 10DLC?' }).id).toBe('what-is-10dlc');
    expect(screen.getByRole('heading', { level: 3, name: 'Fees' })).toBeVisible();
    expect(container.querySelector('p')?.textContent).toBe('One line and the next.');
  });

  it('renders bold, italic, inline code and safe links, and leaves snake_case alone', () => {
    const { container } = renderMarkdown(
      'Set **SMS_RATE_PER_SECOND** to *4*, see `the .env file`, the [contact form](/contact) or [Twilio](https://www.twilio.com). keep snake_case_words',
    );
    expect(container.querySelector('strong')?.textContent).toBe('SMS_RATE_PER_SECOND');
    expect(container.querySelector('em')?.textContent).toBe('4');
    expect(container.querySelector('code')?.textContent).toBe('the .env file');
    expect(screen.getByRole('link', { name: 'contact form' })).toHaveAttribute('href', '/contact');
    const external = screen.getByRole('link', { name: 'Twilio' });
    expect(external).toHaveAttribute('href', 'https://www.twilio.com');
    expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    expect(container).toHaveTextContent('keep snake_case_words');
  });

  it('never turns raw HTML or script links into elements', () => {
    const { container } = renderMarkdown(
      '<script>alert(1)</script> <img src=x onerror=alert(1)>\n\n[click me](javascript:alert(1))',
    );
    expect(container.querySelector('script, img')).toBeNull();
    expect(container).toHaveTextContent('<script>alert(1)</script>');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(container).toHaveTextContent('click me');
  });

  it('renders a script anywhere in a document as its text, never as an element that runs', () => {
    const marker = globalThis as { markdownScriptRan?: boolean };
    const { container } = renderMarkdown(
      [
        '<script>globalThis.markdownScriptRan = true</script>',
        '',
        'Inline <script>globalThis.markdownScriptRan = true</script> and <b onclick="x()">bold</b>',
        '',
        '- item <script>globalThis.markdownScriptRan = true</script>',
        '',
        '| a | b |',
        '|---|---|',
        '| <script>globalThis.markdownScriptRan = true</script> | <iframe src="https://x"></iframe> |',
        '',
        '> <style>body { display: none }</style>',
      ].join('\n'),
    );
    expect(container.querySelector('script, b, iframe, blockquote style, [onclick]')).toBeNull();
    expect(marker.markdownScriptRan).toBeUndefined();
    expect(container.querySelector('p')?.textContent).toBe(
      '<script>globalThis.markdownScriptRan = true</script>',
    );
    expect(container.querySelector('li')).toHaveTextContent(
      'item <script>globalThis.markdownScriptRan = true</script>',
    );
    expect(screen.getByRole('cell', { name: '<iframe src="https://x"></iframe>' })).toBeVisible();
    expect(container.querySelector('blockquote')).toHaveTextContent('<style>body { display: none }</style>');
  });

  it('leaves bare web addresses as text, as the documents are written', () => {
    renderMarkdown('Sign up at https://YOUR-SITE/join/springfield or <https://example.org>.');
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });

  it('renders ordered and nested lists, fenced code as written, quotes and tables', () => {
    const { container } = renderMarkdown(
      [
        '1. Brand',
        '2. Campaign',
        '   - use case',
        '   - samples',
        '',
        '```text',
        'Springfield Radio: Storm warning',
        'Reply STOP to opt out',
        '```',
        '',
        '> Not legal advice.',
        '',
        '| Keyword | Reply |',
        '|---|:---:|',
        '| STOP | You are unsubscribed |',
      ].join('\n'),
    );
    const ordered = container.querySelector('ol');
    expect(ordered?.children).toHaveLength(2);
    expect(ordered?.querySelectorAll('ul > li')).toHaveLength(2);
    expect(container.querySelector('pre')?.textContent).toBe(
      'Springfield Radio: Storm warning\nReply STOP to opt out',
    );
    expect(container.querySelector('blockquote')?.textContent).toBe('Not legal advice.');
    const table = within(screen.getByRole('table'));
    expect(table.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Keyword', 'Reply']);
    expect(table.getByRole('cell', { name: 'You are unsubscribed' }).style.textAlign).toBe('center');
  });

  it('gives repeated headings distinct ids', () => {
    const ids = parseMarkdown('## Notes\n\n## Notes\n\n> ## Notes')
      .filter((block) => block.type !== 'space')
      .map((block) => (block.type === 'heading' ? (block as THeading).id : ''));
    expect(ids).toEqual(['notes', 'notes-1', '']);
    const nested = [...walkTokens(parseMarkdown('## Notes\n\n> ## Notes'))].filter(
      (token) => token.type === 'heading',
    );
    expect(nested.map((heading) => (heading as THeading).id)).toEqual(['notes', 'notes-1']);
  });
});

describe('splitLastUpdated', () => {
  it('reads the date line at the top and leaves the rest of the document', () => {
    expect(splitLastUpdated('Last updated: 2026-11-22\n\n## Intro')).toEqual({
      lastUpdated: '2026-11-22',
      markdown: '\n## Intro',
    });
  });

  it('gives no date when the document does not start with one', () => {
    expect(splitLastUpdated('## Intro\n\nLast updated: 2026-11-22')).toEqual({
      lastUpdated: null,
      markdown: '## Intro\n\nLast updated: 2026-11-22',
    });
  });
});
