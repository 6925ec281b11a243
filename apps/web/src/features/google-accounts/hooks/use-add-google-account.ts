/**
 * 'Add account': links another Google account in a 500x600 popup, then refreshes the list and shows
 * its toasts.
 */
import { GOOGLE_MESSAGES, googleAuthMessageSchema, type GoogleAuthMessage } from '@summy/core';
import { CALENDAR_CONNECTED_EVENT } from '@summy/core/calendar-layout';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { openOAuthPopup, type OAuthPopupAttempt } from '@/lib/oauth-popup';
import { toast } from '@/lib/toast';
import { googleQueryKey } from '../api/get-google-accounts';
import { getGoogleLinkUrl } from '../api/link-google-account';

/**
 * Opens the popup and waits for `/auth/callback` to post `GOOGLE_AUTH_SUCCESS` or
 * `GOOGLE_AUTH_ERROR` (lib/oauth-popup.ts: only this origin and the popup itself count).
 * Success: 'Google account added successfully!'; error: 'Failed to add Google account' with the
 * posted error; a blocked popup or a refused start: 'Failed to connect Google account'.
 */
export function useAddGoogleAccount() {
  const queryClient = useQueryClient();
  const [isAdding, setIsAdding] = useState(false);
  const attemptRef = useRef<OAuthPopupAttempt | null>(null);

  // On unmount only stop listening: the person may still be choosing an account in the popup.
  useEffect(() => () => attemptRef.current?.stop(), []);

  const addAccount = useCallback(() => {
    attemptRef.current?.stop();
    const attempt = openOAuthPopup<GoogleAuthMessage>({
      name: 'summy-google-link',
      getUrl: getGoogleLinkUrl,
      parse: (data) => {
        const parsed = googleAuthMessageSchema.safeParse(data);
        return parsed.success ? parsed.data : null;
      },
      onMessage: (message) => {
        if (message.type === 'GOOGLE_AUTH_SUCCESS') {
          toast.success(GOOGLE_MESSAGES.added);
          void queryClient.invalidateQueries({ queryKey: googleQueryKey });
          // Whatever shows calendar data fetches it again.
          window.dispatchEvent(new Event(CALENDAR_CONNECTED_EVENT));
        } else {
          toast.error(GOOGLE_MESSAGES.addFailed, { description: message.error });
        }
      },
      onError: (error) =>
        toast.error(GOOGLE_MESSAGES.connectFailed, {
          description: error instanceof Error ? error.message : undefined,
        }),
      onSettled: () => {
        attemptRef.current = null;
        setIsAdding(false);
      },
    });
    if (!attempt) {
      toast.error(GOOGLE_MESSAGES.connectFailed, { description: 'Allow pop-ups for Summy.' });
      return;
    }
    attemptRef.current = attempt;
    setIsAdding(true);
  }, [queryClient]);

  return { addAccount, isAdding };
}
