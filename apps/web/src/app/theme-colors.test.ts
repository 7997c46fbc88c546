// The theme's colours pass WCAG 2.1 AA (4.5:1 for text) on the backgrounds they are shown on:
// every colour's text, filled, light and outline variables, secondary text and links.
import { DEFAULT_THEME, isLightColor, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { theme } from './theme';
import {
  accessibleColorsResolver,
  contrastRatio,
  DIMMED,
  MIN_TEXT_CONTRAST,
  readableShade,
  underWhiteText,
} from './theme-colors';

const merged = mergeMantineTheme(DEFAULT_THEME, theme);
const light: Record<string, string> = accessibleColorsResolver(merged).light;
const WHITE = '#ffffff';
const { gray } = merged.colors;

/** The resolved value of a light-scheme variable (a hex, or a Mantine shade variable). */
function value(name: string): string {
  const raw = light[name];
  if (!raw) throw new Error(`${name} is not set`);
  const shade = /^var\(--mantine-color-(\w+)-(\d)\)$/.exec(raw);
  return shade ? (merged.colors[shade[1] as string]?.[Number(shade[2])] as string) : raw;
}

describe('contrastRatio', () => {
  it('measures as WCAG does: black on white 21:1, a colour on itself 1:1, Mantine’s gray.6 on white 3.3:1', () => {
    expect(contrastRatio('#000000', WHITE)).toBeCloseTo(21, 5);
    expect(contrastRatio('#228be6', '#228be6')).toBe(1);
    expect(contrastRatio(gray[6], WHITE)).toBeCloseTo(3.32, 2);
  });
});

describe('readableShade', () => {
  it('takes the lightest shade from 6 that reads at 4.5:1 on every background', () => {
    // blue.6 3.6:1, blue.7 4.2:1, blue.8 5.0:1 on white.
    expect(readableShade(merged.colors.blue, [WHITE])).toBe(merged.colors.blue[8]);
  });

  it('darkens shade 9 when no shade of the colour reads (yellow)', () => {
    const yellow = readableShade(merged.colors.yellow, [WHITE]);
    expect(merged.colors.yellow).not.toContain(yellow);
    expect(contrastRatio(yellow, WHITE)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
    // Only as dark as needed: one step lighter would not read.
    expect(contrastRatio(yellow, WHITE)).toBeLessThan(MIN_TEXT_CONTRAST + 0.4);
  });
});

describe('underWhiteText', () => {
  it('darkens a station colour until white reads on it, and keeps one that already reads', () => {
    // The default brand blue and the default message-type colours (spec: #007bff, #dc3545 …).
    for (const color of ['#007bff', '#fd7e14', '#28a745', '#ffc107', '#17a2b8']) {
      const fill = underWhiteText(color);
      expect(contrastRatio(fill, WHITE)).toBeGreaterThanOrEqual(MIN_TEXT_CONTRAST);
      expect(fill).not.toBe(color);
    }
    expect(underWhiteText('#1864ab')).toBe('#1864ab');
    // Only as dark as needed: one step lighter would not read.
    expect(contrastRatio(underWhiteText('#007bff'), WHITE)).toBeLessThan(5.2);
  });
});

describe('the light scheme’s colour variables', () => {
  const colors = Object.keys(merged.colors).filter((name) => name !== 'dark');

  it.each(colors)('%s: filled under white text, text on white and greys, light on its tint', (name) => {
    const shades = merged.colors[name] as readonly string[];
    expect(contrastRatio(value(`--mantine-color-${name}-filled`), WHITE)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(value(`--mantine-color-${name}-filled-hover`), WHITE)).toBeGreaterThanOrEqual(4.5);
    for (const background of [WHITE, gray[0], gray[1]]) {
      expect(contrastRatio(value(`--mantine-color-${name}-text`), background)).toBeGreaterThanOrEqual(4.5);
      expect(contrastRatio(value(`--mantine-color-${name}-outline`), background)).toBeGreaterThanOrEqual(4.5);
    }
    for (const background of [WHITE, shades[0], shades[1], shades[2]] as string[]) {
      expect(contrastRatio(value(`--mantine-color-${name}-light-color`), background)).toBeGreaterThanOrEqual(
        4.5,
      );
    }
  });

  it('secondary text (dimmed) and placeholders read on white, the greys and the blue of a selected item', () => {
    const { blue } = merged.colors;
    expect(value('--mantine-color-dimmed')).toBe(DIMMED);
    // A field's placeholder is secondary text too (Mantine's gray.5 was 2.1:1 on white).
    expect(value('--mantine-color-placeholder')).toBe(DIMMED);
    for (const background of [WHITE, gray[0], gray[1], blue[0], blue[1]]) {
      expect(contrastRatio(DIMMED, background)).toBeGreaterThanOrEqual(4.5);
    }
    // Still secondary: lighter than body text.
    expect(contrastRatio(DIMMED, WHITE)).toBeLessThan(contrastRatio(merged.black, WHITE));
  });

  it('links, errors and success messages read on white and the greys', () => {
    for (const name of ['--mantine-color-anchor', '--mantine-color-error', '--mantine-color-success']) {
      for (const background of [WHITE, gray[0], gray[1]]) {
        expect(contrastRatio(value(name), background)).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it('autoContrast puts white text on a station colour wherever white reads, else black (4.5:1 either way)', () => {
    // Mantine's own choice: black on a colour lighter than the theme's threshold, else white.
    const textOn = (color: string) => (isLightColor(color, merged.luminanceThreshold) ? '#000000' : WHITE);
    expect(textOn('#dc3545')).toBe(WHITE);
    expect(textOn('#007bff')).toBe('#000000');
    // Every 17th step of each channel: 4,096 colours.
    const steps = Array.from({ length: 16 }, (_, index) => (index * 17).toString(16).padStart(2, '0'));
    for (const red of steps) {
      for (const green of steps) {
        for (const blue of steps) {
          const color = `#${red}${green}${blue}`;
          expect(contrastRatio(color, textOn(color)), color).toBeGreaterThanOrEqual(4.5);
          if (contrastRatio(color, WHITE) >= 4.5) expect(textOn(color), color).toBe(WHITE);
        }
      }
    }
  });
});
