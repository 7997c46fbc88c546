// A view has at most one filled button (docs/design.md "Actions"). Mantine marks a Button's variant
// (`data-variant`) only when it is given one, and its default variant is filled: both count.
export const FILLED_BUTTON =
  '.mantine-Button-root[data-variant="filled"], .mantine-Button-root:not([data-variant])';

export function filledButtons(root: ParentNode = document): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FILLED_BUTTON)];
}
