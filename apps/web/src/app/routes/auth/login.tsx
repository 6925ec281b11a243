import { useLocation } from 'react-router';
import { SignInScreen } from '@/features/auth/components/sign-in-screen';

/**
 * /login and /signup. One parent route for both keeps the screen mounted when its tabs switch the
 * address, so what was typed in the e-mail field survives the switch.
 */
export default function LoginRoute() {
  const { pathname } = useLocation();
  return <SignInScreen initialMode={pathname === '/signup' ? 'sign-up' : 'sign-in'} />;
}
