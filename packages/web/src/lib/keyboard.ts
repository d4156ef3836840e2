/** Where the keyboard's shortcuts (the palette's leaders, a list's j/k) must keep out. */

/**
 * Whether a key press belongs to what has the focus, not to the shortcuts: typing in a field, an
 * editable element, an IME composition, a key held with a modifier other than Shift, and Space on a
 * button or link (which it presses).
 */
export function isOwnedByFocus(e: KeyboardEvent): boolean {
  if (e.isComposing || e.altKey || e.ctrlKey || e.metaKey) return true;
  const target = e.target as HTMLElement | null;
  if (!target || !(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  const tag = target.tagName;
  if (tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT') return true;
  if (target.closest('[role="combobox"], [role="textbox"], .ant-select-dropdown, .ant-picker-dropdown'))
    return true;
  if (e.key === ' ' && target.closest('button, a, [role="button"], [role="menuitem"], [role="tab"]'))
    return true;
  return false;
}

/**
 * Whether a dialog, drawer or pop-up is open: the leaders then leave the keyboard to it. A defect's
 * view drawer is not one: it is read, not typed in, and Space there offers "assign to me".
 */
export const isOverlayOpen = () =>
  Boolean(
    document.querySelector(
      '.ant-modal-wrap:not([style*="display: none"]) .ant-modal, .ant-drawer-open:not(.defect-view-drawer), .ant-dropdown:not(.ant-dropdown-hidden), .ant-select-dropdown:not(.ant-select-dropdown-hidden), .ant-picker-dropdown:not(.ant-picker-dropdown-hidden)',
    ),
  );
