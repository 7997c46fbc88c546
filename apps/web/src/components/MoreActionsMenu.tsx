// "More actions" (docs/design.md "Actions", decision 0085): the destructive and rare actions of a
// view or a row wait in a menu behind a "⋯" button named for screen readers, so the page's buttons
// are its everyday actions and Delete is never one click away from Edit. Each item keeps its own
// confirmation (the caller's).
import { ActionIcon, type ActionIconVariant, Menu } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export type TMenuAction = {
  label: string;
  /** A longer accessible name ("Delete Snow day"), when the label alone is ambiguous. */
  ariaLabel?: string;
  icon?: ReactNode;
  /** `red` for a destructive action. */
  color?: string;
  onClick: () => void;
};

type MoreActionsMenuProps = {
  /** The button's accessible name ("More actions", "More actions for Snow day"). */
  label: string;
  actions: TMenuAction[];
  disabled?: boolean;
  /** The button's look: `default` beside default buttons, `subtle` in a table row. */
  variant?: ActionIconVariant;
  /** The button's size in px: 30 beside `xs` buttons, 26 beside `compact-sm` ones. */
  size?: number;
};

export function MoreActionsMenu({
  label,
  actions,
  disabled = false,
  variant = 'default',
  size = 30,
}: MoreActionsMenuProps) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant={variant} color="gray" size={size} aria-label={label} disabled={disabled}>
          <IconDots size={16} aria-hidden="true" />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {actions.map((action) => (
          <Menu.Item
            key={action.label}
            color={action.color}
            leftSection={action.icon}
            aria-label={action.ariaLabel}
            onClick={action.onClick}
          >
            {action.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
