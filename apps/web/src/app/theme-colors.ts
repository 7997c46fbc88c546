// Colours that pass WCAG 2.1 AA contrast (docs/design.md "Colours and contrast").
//
// Mantine's palette is bright: its grey for secondary text (`dimmed`, gray.6) reads at 3.3:1 on
// white, white on a filled blue button at 3.6:1, a light badge's text (shade 9 on shade 1) at 2.7
// to 3.8:1 for green, teal, orange, yellow and lime. AA asks 4.5:1 for text. Rather than each
// component picking darker shades, the theme's CSS variables (light scheme; the product has no
// dark one) are set here to the first shade of each colour that reaches 4.5:1 on the backgrounds
// it is shown on, darkening shade 9 a step at a time where no shade does. Every `c="dimmed"`,
// `color="green"`, light, outline, subtle and filled variant, link and error text follows.
import { type CSSVariablesResolver, darken, luminance, type MantineColorsTuple, toRgba } from '@mantine/core';

/** WCAG 2.1 AA for normal-size text (1.4.3). */
export const MIN_TEXT_CONTRAST = 4.5;

const WHITE = '#ffffff';

/** The contrast ratio of two colours (WCAG 2.1), 1 to 21. */
export function contrastRatio(first: string, second: string): number {
  const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

function toHex(color: string): string {
  const { r, g, b } = toRgba(color);
  return `#${[r, g, b].map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The lightest of `shades` from `from` (Mantine's filled shade, 6) to 9 that reads at 4.5:1 on every
 * one of `backgrounds`; else shade 9 darkened in steps of 2% until it does.
 */
export function readableShade(shades: MantineColorsTuple, backgrounds: string[], from = 6): string {
  const reads = (color: string) =>
    backgrounds.every((background) => contrastRatio(color, background) >= MIN_TEXT_CONTRAST);
  for (let index = from; index <= 9; index += 1) {
    if (reads(shades[index] as string)) return shades[index] as string;
  }
  for (let step = 1; step <= 50; step += 1) {
    const darker = toHex(darken(shades[9], step * 0.02));
    if (reads(darker)) return darker;
  }
  return '#000000';
}

/** A station has a handful of colours, drawn on every badge of a list: each is worked out once. */
const fills = new Map<string, string>();

/**
 * A station's own colour (brand, message types) as the background of white text: darkened in
 * steps of 2% until white reads at 4.5:1 on it, keeping its hue; the colour itself when it already
 * does. Black text on a station's bright blue or red read poorly; this keeps white on every one.
 */
export function underWhiteText(color: string): string {
  let fill = fills.get(color);
  if (fill === undefined) {
    fill = '#000000';
    for (let step = 0; step <= 50; step += 1) {
      const candidate = step === 0 ? color : toHex(darken(color, step * 0.02));
      if (contrastRatio(candidate, WHITE) >= MIN_TEXT_CONTRAST) {
        fill = candidate;
        break;
      }
    }
    fills.set(color, fill);
  }
  return fill;
}

/**
 * Secondary text (`c="dimmed"`, descriptions, captions): 4.5:1 on white, on the grey of table
 * headers and footers (gray.0, gray.1) and on the blue of a selected row or nav link (blue.0,
 * blue.1); still lighter than body text, so it reads as secondary.
 */
export const DIMMED = '#5c636a';

/** The CSS variables of the light scheme that make each colour readable (see the file's top). */
export const accessibleColorsResolver: CSSVariablesResolver = (theme) => {
  const gray = theme.colors.gray;
  const light: Record<string, string> = {};
  for (const [name, shades] of Object.entries(theme.colors)) {
    if (name === 'dark') continue;
    // Filled: white text on it (buttons, badges, the active page of a pagination).
    const filled = readableShade(shades, [WHITE]);
    // Coloured text on the page: on white and on the greys of headers, footers and table stripes.
    const text = readableShade(shades, [WHITE, gray[0], gray[1]]);
    // Light and subtle variants: text on the colour's own tint (shade 0, 1, or 2 under the
    // pointer) and on white.
    const onTint = readableShade(shades, [WHITE, shades[0], shades[1], shades[2]]);
    Object.assign(light, {
      [`--mantine-color-${name}-filled`]: filled,
      [`--mantine-color-${name}-filled-hover`]: toHex(darken(filled, 0.1)),
      [`--mantine-color-${name}-text`]: text,
      [`--mantine-color-${name}-light-color`]: onTint,
      [`--mantine-color-${name}-outline`]: text,
    });
  }
  const primary = theme.colors[theme.primaryColor] as MantineColorsTuple;
  Object.assign(light, {
    '--mantine-color-dimmed': DIMMED,
    // Mantine's placeholder grey (gray.5) reads at 2.1:1: a hint in a field is text too.
    '--mantine-color-placeholder': DIMMED,
    '--mantine-color-anchor': readableShade(primary, [WHITE, gray[0], gray[1]]),
    '--mantine-color-error': light['--mantine-color-red-text'] as string,
    '--mantine-color-success': light['--mantine-color-teal-text'] as string,
  });
  return { variables: {}, light, dark: {} };
};

/**
 * Component defaults for contrast, merged into the theme's components (plain objects: the first
 * paint does not load these components' code): a link in running text is underlined, not told
 * apart by its colour alone (WCAG 1.4.1); a quotation's source reads at full strength (Mantine
 * fades it to 60%, below AA).
 */
export const colorComponents = {
  Anchor: { defaultProps: { underline: 'always' } },
  Blockquote: { styles: { cite: { opacity: 1, color: 'var(--mantine-color-dimmed)' } } },
};
