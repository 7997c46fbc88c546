// "More actions" (docs/design.md "Actions", decision 0085): the destructive and rare actions of a
// view or a row wait in a menu behind a "⋯" button named for screen readers, so the page's buttons
// are its everyday actions and Delete is never one click away from Edit. Each item keeps its own
// confirmation (the caller's).
import { ActionIcon, Menu } from '@mantine/core';
import { IconDots, IconTrash } from '@tabler/icons-react';
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
  /** In a table row: `subtle` and 26 px, beside `compact-sm` buttons; else `default` and 30 px. */
  row?: boolean;
};

/** A destructive item (Delete, Revoke): red, with the bin icon. */
export function destructive(label: string, onClick: () => void, ariaLabel?: string): TMenuAction {
  return { label, ariaLabel, color: 'red', icon: <IconTrash size={14} aria-hidden="true" />, onClick };
}

export function MoreActionsMenu({ label, actions, disabled = false, row = false }: MoreActionsMenuProps) {
  const size = row ? 26 : 30;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant={row ? 'subtle' : 'default'}
          color="gray"
          size={size}
          aria-label={label}
          disabled={disabled}
        >
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
