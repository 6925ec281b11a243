/**
 * The OAuth popup both the Google 'Add Account' and the 'Connect Linear' flows use ("A popup of
 * 500x600 opens on the provider's authorize page"): opened inside the click so popup blockers allow
 * it, pointed at the authorize URL once the server answered, and waited on until the callback page
 * posts its outcome. Only messages from this origin and from the popup itself count: another site
 * or frame could post a look-alike.
 */

/** `window.open` features of the popup: 500x600 CSS pixels. */
export const OAUTH_POPUP_FEATURES = 'popup=yes,width=500,height=600';

/** How often a closed popup is noticed, ms, so a flow does not stay busy after it was closed. */
const CLOSED_POLL_MS = 500;
/**
 * How long a closed popup's last message may still be on its way, ms. The callback posts, then
 * closes itself, and the browser may report `closed` before it delivers the message (seen in a
 * loaded CI run: the link succeeded, the page never heard).
 */
const CLOSED_GRACE_MS = 1_000;

/** Options of {@link openOAuthPopup}. */
export interface OAuthPopupOptions<M> {
  /** The popup's window name: a second attempt reuses the same window. */
  name: string;
  /** The authorize URL, asked for after the popup opened. */
  getUrl: () => Promise<string>;
  /** The flow's message from a posted value, or null for anything else (ignored). */
  parse: (data: unknown) => M | null;
  /** The callback's outcome. */
  onMessage: (message: M) => void;
  /** `getUrl` failed; the popup has been closed. */
  onError: (error: unknown) => void;
  /** The attempt ended: a message came, the popup closed, `getUrl` failed, or it was stopped. */
  onSettled: () => void;
}

/** A running attempt; `stop` ends it without closing the popup (the person may still be in it). */
export interface OAuthPopupAttempt {
  stop: () => void;
}

/**
 * Opens the popup and waits for one message from it. Answers null when the browser blocked the
 * popup (the caller says so). Call it synchronously inside the click handler.
 */
export function openOAuthPopup<M>(options: OAuthPopupOptions<M>): OAuthPopupAttempt | null {
  const popup = window.open('', options.name, OAUTH_POPUP_FEATURES);
  if (!popup) return null;

  let settled = false;
  const finish = () => {
    if (settled) return;
    settled = true;
    window.removeEventListener('message', onMessage);
    window.clearInterval(closedPoll);
    options.onSettled();
  };
  const onMessage = (event: MessageEvent) => {
    if (event.origin !== window.location.origin || event.source !== popup) return;
    const message = options.parse(event.data);
    if (message === null) return;
    finish();
    options.onMessage(message);
  };
  const closedPoll = window.setInterval(() => {
    if (!popup.closed) return;
    window.clearInterval(closedPoll);
    window.setTimeout(finish, CLOSED_GRACE_MS);
  }, CLOSED_POLL_MS);
  window.addEventListener('message', onMessage);

  options.getUrl().then(
    (url) => {
      if (!settled) popup.location.href = url;
    },
    (error: unknown) => {
      finish();
      popup.close();
      options.onError(error);
    },
  );
  return { stop: finish };
}
