// What one language gets from the engines (decision 0050), as a short mark beside its name: a
// trusted engine, an engine whose text waits for review (the offline one said as such), or no
// engine yet. Signup step 3, Settings' Supported Languages and the coverage table use it.
import { Text } from '@mantine/core';
import type { TCoverageStatus } from '@message-station/shared';
import { IconAlertTriangle, IconEye, IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from '../../i18n/react';

type CoverageMarkProps = {
  status: TCoverageStatus;
  /** The covering engine, when known: Apertium is said to be the offline engine. */
  engine?: string | null;
  /** `language`: the mark beside a language's name; `status`: the coverage table's wording. */
  variant?: 'language' | 'status';
};

const ICONS = { trusted: IconShieldCheck, review: IconEye, needs_setup: IconAlertTriangle } as const;
const COLORS = { trusted: 'green', review: 'dimmed', needs_setup: 'orange' } as const;

export function coverageMarkKey(
  status: TCoverageStatus,
  engine: string | null | undefined,
): 'trusted' | 'review' | 'reviewOffline' | 'needs_setup' {
  return status === 'review' && engine === 'apertium' ? 'reviewOffline' : status;
}

export function CoverageMark({ status, engine, variant = 'language' }: CoverageMarkProps) {
  const { t } = useTranslation('translationSettings');
  const Icon = ICONS[status];
  const key = coverageMarkKey(status, engine);
  return (
    <Text
      span
      fz="xs"
      c={COLORS[status]}
      fw={status === 'needs_setup' ? 600 : undefined}
      data-coverage={status}
    >
      <Icon size={13} aria-hidden="true" style={{ verticalAlign: -2, marginRight: 4 }} />
      {variant === 'status' ? t(`status.${key}`) : t(`languageMark.${key}`)}
    </Text>
  );
}
