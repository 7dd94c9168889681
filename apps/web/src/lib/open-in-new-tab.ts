/**
 * Opens a payment provider's page in a new tab, as the specification asks. If a pop-up blocker stops
 * the tab, the page opens here instead, so the action never silently does nothing.
 */
export function openInNewTab(url: string): boolean {
  const tab = window.open(url, '_blank');
  if (!tab) {
    window.location.assign(url);
    return false;
  }
  try {
    // The provider's page gets no handle on this tab (what rel="noopener" does for links).
    tab.opener = null;
  } catch {
    // Some browsers refuse the write once the tab has navigated; nothing else to do.
  }
  return true;
}
