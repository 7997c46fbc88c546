// Controls of the message detail modal: buttons that say why they are disabled, the inline
// confirmation and the outcome of the last action.
import { Alert, Button, type ButtonVariant, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconAlertCircle, IconCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/react';

/** `keep`: a success text that stays until the next action instead of clearing after 2 s. */
export type TOutcome = { kind: 'success' | 'error'; text: string; keep?: boolean };

type BlockedButtonProps = {
  /** Why it cannot be used, shown as tooltip; null when it can. */
  reason: string | null;
  disabled: boolean;
  icon: ReactNode;
  color?: string;
  variant?: ButtonVariant;
  /** Working: shows a loader in place of the icon and takes no clicks. */
  loading?: boolean;
  onClick?: () => void;
  /** A click while disabled. */
  onBlockedClick?: () => void;
  children: string;
};

/**
 * A button that stays focusable when disabled so its tooltip explaining why can be reached. Secondary
 * (`default`) unless told: a view has one filled action (docs/design.md "Actions").
 */
export function BlockedButton({
  reason,
  disabled,
  icon,
  color,
  variant = 'default',
  loading = false,
  onClick,
  onBlockedClick,
  children,
}: BlockedButtonProps) {
  const button = (
    <Button
      size="xs"
      variant={variant}
      color={color}
      leftSection={icon}
      loading={loading}
      onClick={(event) => {
        if (!disabled) onClick?.();
        else {
          event.preventDefault();
          onBlockedClick?.();
        }
      }}
      data-disabled={disabled || undefined}
      aria-disabled={disabled || undefined}
    >
      {children}
    </Button>
  );
  if (!reason) return button;
  return (
    <Tooltip label={reason} withArrow>
      {button}
    </Tooltip>
  );
}

type ConfirmProps = {
  text: string;
  confirmLabel: string;
  color: string;
  loading: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

export function Confirm({ text, confirmLabel, color, loading, onConfirm, onCancel }: ConfirmProps) {
  const { t } = useTranslation('messages');
  return (
    <Alert color={color} variant="light" role="alertdialog" aria-label={text}>
      <Stack gap="sm">
        <Text fz="sm">{text}</Text>
        <Group gap="sm" justify="flex-end">
          <Button size="xs" variant="default" onClick={onCancel} disabled={loading}>
            {t('detail.cancel')}
          </Button>
          <Button size="xs" color={color} onClick={onConfirm} loading={loading}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}

export function OutcomeAlert({ outcome }: { outcome: TOutcome }) {
  const success = outcome.kind === 'success';
  return (
    <Alert
      color={success ? 'green' : 'red'}
      icon={
        success ? (
          <IconCheck size={18} aria-hidden="true" />
        ) : (
          <IconAlertCircle size={18} aria-hidden="true" />
        )
      }
      role={success ? 'status' : 'alert'}
    >
      {outcome.text}
    </Alert>
  );
}
