/**
 * Fixes for what Ant Design renders that assistive technology reads wrongly, applied to the page as
 * antd draws it (its components offer no prop for these):
 * - a tab bar's `role="tablist"` sits on a box that also holds its "more" button and the extra
 *   content: the role moves to the list of tabs itself;
 * - a table's measuring row is hidden from screen readers but could take the focus: it is made inert;
 * - a table that scrolls sideways with nothing focusable in it cannot be scrolled from the keyboard:
 *   it takes the focus itself.
 */
function patch(root: ParentNode): void {
  for (const nav of root.querySelectorAll<HTMLElement>('.ant-tabs-nav[role="tablist"]')) {
    const list = nav.querySelector<HTMLElement>('.ant-tabs-nav-list');
    if (!list) continue;
    list.setAttribute('role', 'tablist');
    const orientation = nav.getAttribute('aria-orientation');
    if (orientation) list.setAttribute('aria-orientation', orientation);
    nav.removeAttribute('role');
    nav.removeAttribute('aria-orientation');
  }
  for (const tab of root.querySelectorAll<HTMLElement>('.ant-tabs-tab:not([role])'))
    tab.setAttribute('role', 'presentation');
  for (const row of root.querySelectorAll<HTMLElement>('.ant-table-measure-row:not([inert])'))
    row.setAttribute('inert', '');
  // Swagger UI's server picker has a visual label only.
  for (const select of root.querySelectorAll<HTMLSelectElement>(
    '.swagger-ui select#servers:not([aria-label])',
  ))
    select.setAttribute('aria-label', 'Servers');
  for (const box of root.querySelectorAll<HTMLElement>('.ant-table-content, .ant-table-body')) {
    const scrolls = box.scrollWidth > box.clientWidth + 1 || box.scrollHeight > box.clientHeight + 1;
    const hasFocusable = box.querySelector(
      'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])',
    );
    if (scrolls && !hasFocusable) box.setAttribute('tabindex', '0');
    else if (box.getAttribute('tabindex') === '0' && (hasFocusable || !scrolls))
      box.removeAttribute('tabindex');
  }
}

let scheduled = false;

/** Watches the page and patches what antd draws, once per frame at most. */
export function startA11yPatches(): void {
  if (typeof MutationObserver === 'undefined') return;
  const run = () => {
    scheduled = false;
    patch(document);
  };
  new MutationObserver(() => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(run);
  }).observe(document.body, { childList: true, subtree: true });
  window.addEventListener('resize', () => patch(document));
  patch(document);
}
