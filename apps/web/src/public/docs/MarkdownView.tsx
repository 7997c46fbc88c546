// Renders our markdown subset as React elements styled by Mantine's Typography. Text is only ever
// text: nothing is set as HTML, and links were vetted by the parser.
import { Box, Typography } from '@mantine/core';
import { Fragment, type ReactNode, useMemo } from 'react';
import { Link } from 'react-router';
import { parseMarkdown, type TBlock } from './markdown-blocks';
import type { TInline } from './markdown-inline';

type THeadingTag = 'h2' | 'h3' | 'h4' | 'h5' | 'h6';

// The parsed document never reorders, so a node's position is a stable key.
function InlineNodes({ nodes }: { nodes: TInline[] }) {
  return nodes.map((node, position) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: position in a static, parsed document
    <Fragment key={position}>{renderInline(node)}</Fragment>
  ));
}

function renderLink(href: string, children: ReactNode): ReactNode {
  if (href.startsWith('/')) return <Link to={href}>{children}</Link>;
  if (href.startsWith('#')) return <a href={href}>{children}</a>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  );
}

function renderInline(node: TInline): ReactNode {
  switch (node.kind) {
    case 'text':
      return node.text;
    case 'code':
      return <code>{node.text}</code>;
    case 'strong':
      return (
        <strong>
          <InlineNodes nodes={node.children} />
        </strong>
      );
    case 'em':
      return (
        <em>
          <InlineNodes nodes={node.children} />
        </em>
      );
    case 'link':
      return renderLink(node.href, <InlineNodes nodes={node.children} />);
  }
}

function Blocks({ blocks, minHeadingLevel }: { blocks: TBlock[]; minHeadingLevel: number }) {
  return blocks.map((block, position) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: position in a static, parsed document
    <Fragment key={position}>{renderBlock(block, minHeadingLevel)}</Fragment>
  ));
}

function renderTable(block: Extract<TBlock, { kind: 'table' }>): ReactNode {
  const align = (column: number) => block.align[column] ?? undefined;
  return (
    // Wide tables scroll sideways on a phone instead of widening the page.
    <Box style={{ overflowX: 'auto' }}>
      <table>
        <thead>
          <tr>
            {block.header.map((cell, column) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: column position in a static table
              <th key={column} style={{ textAlign: align(column) }}>
                <InlineNodes nodes={cell} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {block.rows.map((row, rowPosition) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: row position in a static table
            <tr key={rowPosition}>
              {row.map((cell, column) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: column position in a static table
                <td key={column} style={{ textAlign: align(column) }}>
                  <InlineNodes nodes={cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </Box>
  );
}

function renderBlock(block: TBlock, minHeadingLevel: number): ReactNode {
  switch (block.kind) {
    case 'heading': {
      const Tag = `h${Math.min(6, Math.max(block.level, minHeadingLevel))}` as THeadingTag;
      return (
        <Tag id={block.id} style={{ scrollMarginTop: 80 }}>
          <InlineNodes nodes={block.content} />
        </Tag>
      );
    }
    case 'paragraph':
      return (
        <p>
          <InlineNodes nodes={block.content} />
        </p>
      );
    case 'list': {
      const items = block.items.map((item, position) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: item position in a static list
        <li key={position}>
          <InlineNodes nodes={item.content} />
          <Blocks blocks={item.children} minHeadingLevel={minHeadingLevel} />
        </li>
      ));
      return block.ordered ? <ol start={block.start}>{items}</ol> : <ul>{items}</ul>;
    }
    case 'code':
      // Plain text (an SMS as it arrives) wraps like the phone shows it. Code keeps its lines and
      // scrolls sideways; a keyboard reaches that scroll by focusing the block (WCAG 2.1.1).
      return block.language === 'text' ? (
        <pre data-language="text" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          <code>{block.text}</code>
        </pre>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling block must take the focus to scroll by keyboard
        <pre data-language={block.language || undefined} tabIndex={0}>
          <code>{block.text}</code>
        </pre>
      );
    case 'quote':
      return (
        <blockquote>
          <Blocks blocks={block.children} minHeadingLevel={minHeadingLevel} />
        </blockquote>
      );
    case 'rule':
      return <hr />;
    case 'table':
      return renderTable(block);
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
