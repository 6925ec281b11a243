import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from '@/lib/toast';
import { authClient } from '@/lib/auth-client';
import { clearUserStorage } from '@/lib/user-storage';

/**
 * Signs out, then drops every cached answer and the person's localStorage keys ("Logging out clears
 * the local caches"; lib/user-storage.ts) so the next person on this browser never sees the
 * previous one's meetings or chats.
 */
export function useSignOut(): { signOut: () => Promise<void>; isSigningOut: boolean } {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isSigningOut, setIsSigningOut] = useState(false);

  const signOut = useCallback(async () => {
    setIsSigningOut(true);
    try {
      const { error } = await authClient.signOut();
      if (error) {
        toast.error('Sign out failed', { description: error.message ?? 'Please try again' });
        return;
      }
      queryClient.clear();
      clearUserStorage();
      navigate('/login', { replace: true });
    } catch {
      toast.error('Sign out failed', { description: 'An unexpected error occurred' });
    } finally {
      setIsSigningOut(false);
    }
  }, [navigate, queryClient]);

  return { signOut, isSigningOut };
}
