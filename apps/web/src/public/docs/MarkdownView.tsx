// Renders a document's markdown tokens (./markdown.ts) as React elements styled by Mantine's
// Typography. Text is only ever text: nothing is set as HTML, and links are vetted before linking.
import { Box, Typography } from '@mantine/core';
import type { Token, Tokens } from 'marked';
import { Fragment, type ReactNode, useMemo } from 'react';
import { Link } from 'react-router';
import { isSafeHref, parseMarkdown, type THeading } from './markdown';

type THeadingTag = 'h2' | 'h3' | 'h4' | 'h5' | 'h6';

// The parsed document never reorders, so a node's position is a stable key.
function InlineNodes({ nodes }: { nodes: Token[] }) {
  return nodes.map((node, position) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: position in a static, parsed document
    <Fragment key={position}>{renderInline(node)}</Fragment>
  ));
}

/** A paragraph's lines run on as one line of text, as the document's author wrapped them. */
const runOn = (text: string) => text.replace(/[ \t]*\n[ \t]*/g, ' ');

function renderLink(href: string, children: ReactNode): ReactNode {
  if (href.startsWith('/')) return <Link to={href}>{children}</Link>;
  if (href.startsWith('#')) return <a href={href}>{children}</a>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

function renderInline(node: Token): ReactNode {
  switch (node.type) {
    case 'text':
      return 'tokens' in node && node.tokens ? <InlineNodes nodes={node.tokens} /> : runOn(node.text);
    case 'escape':
      return node.text;
    case 'codespan':
      return <code>{node.text}</code>;
    case 'strong':
      return (
        <strong>
          <InlineNodes nodes={node.tokens ?? []} />
        </strong>
      );
    case 'em':
      return (
        <em>
          <InlineNodes nodes={node.tokens ?? []} />
        </em>
      );
    case 'del':
      return (
        <del>
          <InlineNodes nodes={node.tokens ?? []} />
        </del>
      );
    case 'link':
    case 'image': {
      // An unsafe target keeps its words but loses the link; an image is only its words, as a link.
      const words = node.type === 'image' ? node.text : <InlineNodes nodes={node.tokens ?? []} />;
      return isSafeHref(node.href) ? renderLink(node.href, words) : <em>{words}</em>;
    }
    case 'br':
      return <br />;
    case 'checkbox':
      return null;
    default:
      // Raw HTML and anything else the lexer may find is shown as the text it was written as.
      return runOn(node.raw);
  }
}

function Blocks({ blocks, minHeadingLevel }: { blocks: Token[]; minHeadingLevel: number }) {
  return blocks.map((block, position) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: position in a static, parsed document
    <Fragment key={position}>{renderBlock(block, minHeadingLevel)}</Fragment>
  ));
}

function renderTable(table: Tokens.Table): ReactNode {
  const align = (column: number) => table.align[column] ?? undefined;
  return (
    // Wide tables scroll sideways on a phone instead of widening the page.
    <Box style={{ overflowX: 'auto' }}>
      <table>
        <thead>
          <tr>
            {table.header.map((cell, column) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: column position in a static table
              <th key={column} style={{ textAlign: align(column) }}>
                <InlineNodes nodes={cell.tokens} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, rowPosition) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: row position in a static table
            <tr key={rowPosition}>
              {row.map((cell, column) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: column position in a static table
                <td key={column} style={{ textAlign: align(column) }}>
                  <InlineNodes nodes={cell.tokens} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </Box>
  );
}

/** An item's first paragraph runs inline after its marker; what follows it is nested blocks. */
function renderListItem(item: Tokens.ListItem, minHeadingLevel: number): ReactNode {
  const [first, ...rest] = item.tokens.filter((token) => token.type !== 'checkbox');
  const inline = first?.type === 'text' || first?.type === 'paragraph';
  return (
    <>
      {inline && <InlineNodes nodes={first.tokens ?? []} />}
      <Blocks blocks={inline ? rest : item.tokens} minHeadingLevel={minHeadingLevel} />
    </>
  );
}

function renderBlock(block: Token, minHeadingLevel: number): ReactNode {
  switch (block.type) {
    case 'space':
    case 'def':
      return null;
    case 'heading': {
      const heading = block as THeading;
      const Tag = `h${Math.min(6, Math.max(heading.depth, minHeadingLevel))}` as THeadingTag;
      return (
        <Tag id={heading.id} style={{ scrollMarginTop: 80 }}>
          <InlineNodes nodes={heading.tokens} />
        </Tag>
      );
    }
    case 'paragraph':
    case 'text':
      return (
        <p>
          <InlineNodes nodes={block.tokens ?? []} />
        </p>
      );
    case 'html':
      // Raw HTML is a paragraph of its own words, never markup.
      return <p>{runOn(block.raw.trim())}</p>;
    case 'list': {
      const items = (block as Tokens.List).items.map((item, position) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: item position in a static list
        <li key={position}>{renderListItem(item, minHeadingLevel)}</li>
      ));
      return block.ordered ? (
        <ol start={typeof block.start === 'number' ? block.start : 1}>{items}</ol>
      ) : (
        <ul>{items}</ul>
      );
    }
    case 'code': {
      // Plain text (an SMS as it arrives) wraps like the phone shows it. Code keeps its lines and
      // scrolls sideways; a keyboard reaches that scroll by focusing the block (WCAG 2.1.1).
      const language: string = block.lang ?? '';
      return language === 'text' ? (
        <pre data-language="text" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          <code>{block.text}</code>
        </pre>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling block must take the focus to scroll by keyboard
        <pre data-language={language || undefined} tabIndex={0}>
          <code>{block.text}</code>
        </pre>
      );
    }
    case 'blockquote':
      return (
        <blockquote>
          <Blocks blocks={block.tokens ?? []} minHeadingLevel={minHeadingLevel} />
        </blockquote>
      );
    case 'hr':
      return <hr />;
    case 'table':
      return renderTable(block as Tokens.Table);
    default:
      return <p>{runOn(block.raw.trim())}</p>;
  }
}

type MarkdownViewProps = {
  markdown: string;
  /** The page owns its h1, so a document's headings start at this level. */
  minHeadingLevel?: 2 | 3;
};

export function MarkdownView({ markdown, minHeadingLevel = 2 }: MarkdownViewProps) {
  const blocks = useMemo(() => parseMarkdown(markdown), [markdown]);
  return (
    <Typography>
      <Blocks blocks={blocks} minHeadingLevel={minHeadingLevel} />
    </Typography>
  );
}
