import { LinearCallback } from '@/features/linear/components/linear-callback';

/** /linear/callback: the Linear OAuth popup's landing page. */
export default function LinearCallbackRoute() {
  return <LinearCallback />;
}
