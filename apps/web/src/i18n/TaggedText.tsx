// A translated text with named parts, e.g. "Read the <privacy>Privacy Policy</privacy>": each part
// in an element of the caller's, its text inside (the join page's texts, and `Trans` in
// src/i18n/react.tsx). The texts only ever name parts, without attributes, nesting or
// self-closing tags, so a regular expression reads them; an HTML parser would be about 4.5 KiB
// on the join page's first visit (decision 0062).
import { cloneElement, createElement, Fragment, type ReactElement, type ReactNode } from 'react';

type TTaggedTextProps = {
  /** The translated text. */
  text: string;
  /** The element of each part, by the part's name; a part without one shows as written. */
  parts: Record<string, ReactElement<{ children?: ReactNode }>>;
};

export function TaggedText({ text, parts }: TTaggedTextProps) {
  const children: ReactNode[] = [];
  let rest = 0;
  for (const match of text.matchAll(/<(\w+)>([\s\S]*?)<\/\1>/g)) {
    const [whole, name = '', inner] = match;
    const element = parts[name];
    children.push(text.slice(rest, match.index));
    children.push(element ? cloneElement(element, { key: match.index }, inner) : whole);
    rest = match.index + whole.length;
  }
  children.push(text.slice(rest));
  return createElement(Fragment, null, ...children);
}
