// The Mantine theme: the design tokens of docs/design.md (type scale, spacing, radius, shadows) and
// the default look of the components every page uses. Change a token there and here together.
import {
  type BadgeProps,
  type ButtonProps,
  type CardProps,
  createTheme,
  type PaperProps,
  rem,
  type TableProps,
} from '@mantine/core';
import { colorComponents } from './theme-colors';

/** The five font sizes of the product, in px (docs/design.md "Type"). */
export const TYPE_SCALE = { caption: 12, small: 14, body: 16, title: 20, pageTitle: 28 } as const;

// Inter is the product's own font (src/app/fonts, decision 0084), Latin letters only: other
// scripts (zh, ja, ko) take the system's faces that follow it.
const FONT_FAMILY =
  'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif';

export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  fontFamily: FONT_FAMILY,
  // Type scale (docs/design.md "Type", decision 0084): five sizes and no more. Caption 12, small
  // 14, body 16, title 20 (every heading from h2 to h4, and `lg`/`xl` text), page title 28 (h1, and
  // the big figures, `fz="h1"`). Headings are semibold (600): the font ships 400 to 600 only.
  headings: {
    fontFamily: FONT_FAMILY,
    fontWeight: '600',
    sizes: {
      h1: { fontSize: rem(TYPE_SCALE.pageTitle), lineHeight: '1.25' },
      h2: { fontSize: rem(TYPE_SCALE.title), lineHeight: '1.35' },
      h3: { fontSize: rem(TYPE_SCALE.title), lineHeight: '1.35' },
      h4: { fontSize: rem(TYPE_SCALE.title), lineHeight: '1.35' },
      h5: { fontSize: rem(TYPE_SCALE.body), lineHeight: '1.5' },
      h6: { fontSize: rem(TYPE_SCALE.small), lineHeight: '1.5' },
    },
  },
  fontSizes: {
    xs: rem(TYPE_SCALE.caption),
    sm: rem(TYPE_SCALE.small),
    md: rem(TYPE_SCALE.body),
    lg: rem(TYPE_SCALE.title),
    xl: rem(TYPE_SCALE.title),
  },
  lineHeights: { xs: '1.4', sm: '1.5', md: '1.55', lg: '1.5', xl: '1.5' },
  // Spacing on a 4 px grid (docs/design.md "Spacing").
  spacing: { xs: rem(8), sm: rem(12), md: rem(16), lg: rem(24), xl: rem(32) },
  radius: { xs: rem(2), sm: rem(4), md: rem(8), lg: rem(12), xl: rem(16) },
  // Soft, low shadows: cards sit on the page, dropdowns and dialogs float above it.
  shadows: {
    xs: `0 ${rem(1)} ${rem(2)} rgba(16, 24, 40, 0.05)`,
    sm: `0 ${rem(1)} ${rem(3)} rgba(16, 24, 40, 0.08), 0 ${rem(1)} ${rem(2)} rgba(16, 24, 40, 0.04)`,
    md: `0 ${rem(4)} ${rem(8)} ${rem(-2)} rgba(16, 24, 40, 0.08), 0 ${rem(2)} ${rem(4)} ${rem(-2)} rgba(16, 24, 40, 0.04)`,
    lg: `0 ${rem(12)} ${rem(16)} ${rem(-4)} rgba(16, 24, 40, 0.08), 0 ${rem(4)} ${rem(6)} ${rem(-2)} rgba(16, 24, 40, 0.03)`,
    xl: `0 ${rem(20)} ${rem(24)} ${rem(-4)} rgba(16, 24, 40, 0.08), 0 ${rem(8)} ${rem(8)} ${rem(-4)} rgba(16, 24, 40, 0.03)`,
  },
  components: {
    // Colours and contrast (theme-colors.ts): links underlined, quotation sources full strength.
    ...colorComponents,
    // Plain objects, not Card.extend(): `.extend` would bring each component's code (the table's
    // with its scroll area and Floating UI) into the start that every page loads.
    // A card: white, hairline border, large radius, a shadow just enough to lift it off the page.
    Card: {
      defaultProps: { withBorder: true, radius: 'lg', shadow: 'xs', padding: 'lg' } satisfies CardProps,
    },
    Paper: { defaultProps: { radius: 'md' } satisfies PaperProps },
    // A refused field keeps its placeholder grey: Mantine turns it the error's red, which reads
    // as text the person typed (an empty Title showing "Road closure on Main Street" in red).
    Input: { styles: { wrapper: { '--input-placeholder-color': 'var(--mantine-color-placeholder)' } } },
    Button: { defaultProps: { radius: 'md' } satisfies ButtonProps },
    // Badges read as words, not shouted labels.
    Badge: {
      defaultProps: { radius: 'sm' } satisfies BadgeProps,
      styles: { root: { textTransform: 'none', letterSpacing: 0, fontWeight: 600 } },
      // Mantine's badge sizes (9–16 px) would add steps to the type scale: captions up to `md`,
      // small text above.
      vars: (_theme: unknown, props: BadgeProps) => ({
        root: {
          '--badge-fz':
            props.size === 'lg' || props.size === 'xl'
              ? 'var(--mantine-font-size-sm)'
              : 'var(--mantine-font-size-xs)',
        },
      }),
    },
    // Airy rows; quiet, smaller column headers.
    Table: {
      defaultProps: { verticalSpacing: 'sm', horizontalSpacing: 'sm' } satisfies TableProps,
      styles: {
        th: {
          fontSize: 'var(--mantine-font-size-sm)',
          fontWeight: 600,
          color: 'var(--mantine-color-gray-7)',
        },
      },
    },
  },
  // Visitors whose system asks for less motion get no transitions (modals, menus, toasts).
  respectReducedMotion: true,
  // --- Colours and contrast (docs/design.md "Colours and contrast") ---
  // The colours' CSS variables are set to readable shades by theme-colors.ts (the provider's
  // cssVariablesResolver). `autoContrast` (a station's colour behind a badge or button) picks
  // black text on colours lighter than this luminance, white on the others: white wherever white
  // reaches 4.5:1 (luminance up to 0.18333), black (4.66:1 at least) above.
  luminanceThreshold: 0.18333,
  // --- end of colours ---
});
