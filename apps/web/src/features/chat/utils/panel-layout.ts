/**
 * Where the panel sits ("chat sidebar 384 px"; narrow breakpoint 768 px), shared by the provider
 * (in the initial JavaScript, so kept to a few constants) and the panel.
 */

/** `data-slot` of the panel's root element. */
export const CHAT_PANEL_SLOT = 'chat-panel';

/**
 * From this width the sidebar mode docks as a 384 px column beside the content. Below it the
 * 320 px navigation and a 384 px column would leave the content too narrow to read, so the
 * sidebar mode shows as the floating window there (and its button is hidden).
 */
export const SIDEBAR_QUERY = '(min-width: 1024px)';
