// SMS sent per day over the last 30 days as a bar chart drawn in SVG (no chart library). The days are
// the station's, in its time zone, which the subtitle names (decision 0079). The picture is one
// image with a summary for screen readers; the exact figures are in a visually hidden table.
import { Card, Group, Text, Title, VisuallyHidden } from '@mantine/core';
import type { TDashboardStats } from '@message-station/shared';
import { useId } from 'react';
import { formatCount } from '../../i18n/formats';
import { useTranslation } from '../../i18n/react';
import { zoneLabel } from '../../lib/time-format';
import { shortDate } from './dashboard-format';

type TDayCount = TDashboardStats['stats']['smsPerDay'][number];

// Drawing units of the viewBox; the SVG scales to the card's width.
const WIDTH = 900;
const HEIGHT = 180;
const AXIS_WIDTH = 40;
const LABEL_HEIGHT = 22;
const TOP = 10;
const BAR_GAP = 3;

/** `days`: dates of `timeZone` (YYYY-MM-DD), the station's zone, oldest first. */
export function SmsPerDayChart({ days, timeZone }: { days: TDayCount[]; timeZone: string }) {
  const { t, i18n } = useTranslation('dashboard');
  const titleId = useId();
  const chartTitleId = useId();
  const descriptionId = useId();
  const language = i18n.resolvedLanguage ?? 'en';
  const total = days.reduce((sum, day) => sum + day.count, 0);
  const busiest = days.reduce<TDayCount | null>(
    (top, day) => (!top || day.count > top.count ? day : top),
    null,
  );
  const max = Math.max(1, busiest?.count ?? 0);
  const plotHeight = HEIGHT - TOP - LABEL_HEIGHT;
  const slot = (WIDTH - AXIS_WIDTH) / Math.max(1, days.length);
  const baseline = TOP + plotHeight;
  // First, middle and last dates are enough to read the axis.
  const labelled = new Set([0, Math.floor((days.length - 1) / 2), days.length - 1]);

  const description =
    total === 0 || !busiest
      ? t('chart.empty')
      : t('chart.description', {
          total: formatCount(total),
          busiestDate: shortDate(busiest.date, language),
          busiestCount: formatCount(busiest.count),
        });

  return (
    <Card p="lg" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" align="baseline" mb="sm">
        <Title order={2} fz="h4" id={titleId}>
          {t('chart.title')}
        </Title>
        <Text fz="sm" c="dimmed">
          {t('chart.subtitle', { zone: zoneLabel(timeZone, language) })}
        </Text>
      </Group>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        width="100%"
        role="img"
        aria-labelledby={chartTitleId}
        aria-describedby={descriptionId}
        style={{ display: 'block' }}
      >
        <title id={chartTitleId}>{t('chart.title')}</title>
        <line
          x1={AXIS_WIDTH}
          x2={WIDTH}
          y1={baseline}
          y2={baseline}
          stroke="var(--mantine-color-default-border)"
        />
        <line
          x1={AXIS_WIDTH}
          x2={WIDTH}
          y1={TOP}
          y2={TOP}
          stroke="var(--mantine-color-default-border)"
          strokeDasharray="4 4"
        />
        <text
          x={AXIS_WIDTH - 6}
          y={TOP + 4}
          textAnchor="end"
          fontSize={12}
          fill="var(--mantine-color-dimmed)"
        >
          {formatCount(max)}
        </text>
        <text
          x={AXIS_WIDTH - 6}
          y={baseline + 4}
          textAnchor="end"
          fontSize={12}
          fill="var(--mantine-color-dimmed)"
        >
          0
        </text>
        {days.map((day, index) => {
          const height = (day.count / max) * plotHeight;
          const x = AXIS_WIDTH + index * slot + BAR_GAP / 2;
          const label = shortDate(day.date, language);
          return (
            <g key={day.date}>
              <rect
                x={x}
                y={baseline - height}
                width={Math.max(1, slot - BAR_GAP)}
                height={height}
                rx={2}
                fill="var(--mantine-color-blue-6)"
              >
                <title>{t('chart.bar', { date: label, sent: formatCount(day.count) })}</title>
              </rect>
              {labelled.has(index) && (
                <text
                  // The last date ends at the right edge instead of running past it.
                  x={index === days.length - 1 ? x + slot - BAR_GAP : x + (slot - BAR_GAP) / 2}
                  y={HEIGHT - 4}
                  textAnchor={index === days.length - 1 ? 'end' : 'middle'}
                  fontSize={12}
                  fill="var(--mantine-color-dimmed)"
                >
                  {label}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <Text fz="sm" c="dimmed" mt="xs" id={descriptionId}>
        {description}
      </Text>
      {/* For screen readers only: a plain table, Mantine's would bring its scroll container (and
          Floating UI) into the dashboard's first view for nothing anyone sees. */}
      <VisuallyHidden>
        <table aria-label={t('chart.title')}>
          <thead>
            <tr>
              <th>{t('chart.date')}</th>
              <th>{t('chart.count')}</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date}>
                <td>{shortDate(day.date, language)}</td>
                <td>{formatCount(day.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </Card>
  );
}
