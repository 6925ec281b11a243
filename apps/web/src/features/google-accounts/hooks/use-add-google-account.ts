/**
 * 'Add account': links another Google account in a 500x600 popup (spec 001 section 9 "Popup
 * size"), then refreshes the list and shows the spec 001 section 8 toasts.
 */
import { GOOGLE_MESSAGES, googleAuthMessageSchema } from '@summy/core';
import { CALENDAR_CONNECTED_EVENT } from '@summy/core/calendar-layout';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '@/lib/toast';
import { googleQueryKey } from '../api/get-google-accounts';
import { getGoogleLinkUrl } from '../api/link-google-account';

const POPUP_FEATURES = 'popup=yes,width=500,height=600';
/** How often a closed popup is noticed, so the button does not stay busy after a user closes it. */
const CLOSED_POLL_MS = 500;

/**
 * Opens the popup and waits for `/auth/callback` to post `GOOGLE_AUTH_SUCCESS` or
 * `GOOGLE_AUTH_ERROR`. Only messages from this origin and from the popup itself count.
 * Success: 'Google account added successfully!'; error: 'Failed to add Google account' with the
 * posted error; a blocked popup or a refused start: 'Failed to connect Google account'.
 */
export function useAddGoogleAccount() {
  const queryClient = useQueryClient();
  const [isAdding, setIsAdding] = useState(false);
  const popupRef = useRef<Window | null>(null);
  const cleanupRef = useRef<(() => void) | null>(null);

  useEffect(() => () => cleanupRef.current?.(), []);

  const addAccount = useCallback(async () => {
    cleanupRef.current?.();
    // Opened inside the click so popup blockers allow it; the URL follows once the server answers.
    const popup = window.open('', 'summy-google-link', POPUP_FEATURES);
    if (!popup) {
      toast.error(GOOGLE_MESSAGES.connectFailed, { description: 'Allow pop-ups for Summy.' });
      return;
    }
    popupRef.current = popup;
    setIsAdding(true);

    let settled = false;
    const finish = () => {
      settled = true;
      window.removeEventListener('message', onMessage);
      window.clearInterval(closedPoll);
      cleanupRef.current = null;
      setIsAdding(false);
    };
    const onMessage = (event: MessageEvent) => {
      // Another site or frame could post a look-alike message; only our popup on our origin counts.
      if (event.origin !== window.location.origin || event.source !== popupRef.current) return;
      const parsed = googleAuthMessageSchema.safeParse(event.data);
      if (!parsed.success) return;
      finish();
      if (parsed.data.type === 'GOOGLE_AUTH_SUCCESS') {
        toast.success(GOOGLE_MESSAGES.added);
        void queryClient.invalidateQueries({ queryKey: googleQueryKey });
        // Spec 001 section 4: whatever shows calendar data fetches it again.
        window.dispatchEvent(new Event(CALENDAR_CONNECTED_EVENT));
      } else {
        toast.error(GOOGLE_MESSAGES.addFailed, { description: parsed.data.error });
      }
    };
    const closedPoll = window.setInterval(() => {
      if (popup.closed && !settled) finish();
    }, CLOSED_POLL_MS);
    window.addEventListener('message', onMessage);
    // On unmount only stop listening: the person may still be choosing an account in the popup.
    cleanupRef.current = finish;

    try {
      popup.location.href = await getGoogleLinkUrl();
    } catch (error) {
      finish();
      popup.close();
      toast.error(GOOGLE_MESSAGES.connectFailed, {
        description: error instanceof Error ? error.message : undefined,
      });
    }
  }, [queryClient]);

  return { addAccount, isAdding };
}
