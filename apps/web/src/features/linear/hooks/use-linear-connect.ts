/**
 * 'Connect Linear': Linear's authorize page in the 500x600 OAuth popup (lib/oauth-popup.ts), then
 * /linear/callback posts LINEAR_AUTH_SUCCESS or LINEAR_AUTH_ERROR back here. The page the flow
 * started from is remembered, for a callback that ends up in this window instead of a popup.
 */
import { LINEAR_MESSAGES, linearAuthMessageSchema, type LinearAuthMessage } from '@summy/core';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { openOAuthPopup, type OAuthPopupAttempt } from '@/lib/oauth-popup';
import { toast } from '@/lib/toast';
import { getLinearAuthorizeUrl } from '../api/get-linear-authorize-url';
import { linearQueryKey } from '../api/get-linear-status';
import { saveLinearReturnTo } from '../utils/linear-storage';

/** The documented generic connect failure: 'Error' with what went wrong. */
function connectFailed(detail?: string): void {
  toast.error(LINEAR_MESSAGES.errorTitle, { description: detail ?? LINEAR_MESSAGES.connectFailed });
}

/**
 * Opens the popup and waits for the callback's message. Success reloads every Linear query (status,
 * issues); an error shows 'Error' with the posted text; a blocked popup or a refused start shows
 * 'Error' too. A popup closed without an answer ends the attempt quietly ("authentication returns
 * false").
 */
export function useLinearConnect() {
  const queryClient = useQueryClient();
  const [isConnecting, setIsConnecting] = useState(false);
  // Not stopped on unmount: Settings may be closed while the person is still consenting in the
  // popup, and the answer must still reload the connection status.
  const attemptRef = useRef<OAuthPopupAttempt | null>(null);

  const connect = useCallback(() => {
    attemptRef.current?.stop();
    const { pathname, search, hash } = window.location;
    const attempt = openOAuthPopup<LinearAuthMessage>({
      name: 'summy-linear-connect',
      getUrl: async () => (await getLinearAuthorizeUrl(`${pathname}${search}`)).url,
      parse: (data) => {
        const parsed = linearAuthMessageSchema.safeParse(data);
        return parsed.success ? parsed.data : null;
      },
      onMessage: (message) => {
        if (message.type === 'LINEAR_AUTH_SUCCESS') {
          toast.success('Linear connected');
          void queryClient.invalidateQueries({ queryKey: linearQueryKey });
        } else {
          connectFailed(message.error);
        }
      },
      onError: (error) => connectFailed(error instanceof Error ? error.message : undefined),
      onSettled: () => {
        attemptRef.current = null;
        setIsConnecting(false);
      },
    });
    if (!attempt) {
      connectFailed('Allow pop-ups for Summy, then try again.');
      return;
    }
    saveLinearReturnTo(`${pathname}${search}${hash}`);
    attemptRef.current = attempt;
    setIsConnecting(true);
  }, [queryClient]);

  return { connect, isConnecting };
}
