import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { Logo } from '@/components/logo';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** Any unknown path: the 404 page. Public, so a signed-out visitor sees it too. */
export default function NotFoundRoute() {
  useDocumentTitle('Page not found - Summy');
  return (
    <main className="relative flex min-h-dvh flex-col items-center justify-center overflow-hidden bg-background px-6 text-center">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 h-[420px] bg-[radial-gradient(60%_60%_at_50%_0%,color-mix(in_oklab,var(--brand)_14%,transparent),transparent)]"
      />
      <div className="relative flex flex-col items-center">
        <Logo className="size-10" />
        <p className="mt-8 bg-gradient-to-b from-foreground to-foreground/40 bg-clip-text text-7xl font-semibold tracking-tighter text-transparent sm:text-8xl">
          404
        </p>
        <h1 className="mt-4 text-xl font-semibold tracking-tight sm:text-2xl">
          Oops! Page not found
        </h1>
        <p className="mt-2 max-w-sm text-sm text-balance text-muted-foreground">
          The page you are looking for does not exist or has been moved.
        </p>
        <Button asChild className="mt-8">
          <Link to="/">
            <ArrowLeft />
            Return to Home
          </Link>
        </Button>
      </div>
    </main>
  );
}
