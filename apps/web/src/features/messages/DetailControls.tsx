// Controls of the message detail modal: buttons that say why they are disabled, the machine
// controls, the inline confirmation and the outcome of the last action.
import { Alert, Button, Group, Select, Stack, Text, Tooltip } from '@mantine/core';
import {
  IconAlertCircle,
  IconCheck,
  IconDownload,
  IconPlayerPlay,
  IconPlayerStop,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type TOutcome = { kind: 'success' | 'error'; text: string };

type BlockedButtonProps = {
  /** Why it cannot be used, shown as tooltip; null when it can. */
  reason: string | null;
  disabled: boolean;
  icon: ReactNode;
  color?: string;
  onClick?: () => void;
  /** A click while disabled. */
  onBlockedClick?: () => void;
  children: string;
};

/** A button that stays focusable when disabled so its tooltip explaining why can be reached. */
export function BlockedButton({
  reason,
  disabled,
  icon,
  color,
  onClick,
  onBlockedClick,
  children,
}: BlockedButtonProps) {
  const button = (
    <Button
      size="xs"
      variant="light"
      color={color}
      leftSection={icon}
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

/** No machine can be chosen here yet: Play, Stop and Export wait for one (spec §5). */
export function MachineControls() {
  const { t } = useTranslation('messages');
  return (
    <>
      <Select
        size="xs"
        aria-label={t('machines.label')}
        placeholder={t('machines.none')}
        data={[]}
        disabled
        w={200}
      />
      <BlockedButton
        reason={t('machines.selectMachine')}
        disabled
        icon={<IconPlayerPlay size={14} aria-hidden="true" />}
      >
        {t('machines.play')}
      </BlockedButton>
      <BlockedButton
        reason={t('machines.selectMachine')}
        disabled
        icon={<IconPlayerStop size={14} aria-hidden="true" />}
      >
        {t('machines.stop')}
      </BlockedButton>
      <BlockedButton
        reason={t('machines.selectMachine')}
        disabled
        icon={<IconDownload size={14} aria-hidden="true" />}
      >
        {t('machines.export')}
      </BlockedButton>
    </>
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
