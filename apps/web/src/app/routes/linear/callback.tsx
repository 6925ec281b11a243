import { LinearCallback } from '@/features/linear/components/linear-callback';

/** /linear/callback: the Linear OAuth popup's landing page (spec 001 route table). */
export default function LinearCallbackRoute() {
  return <LinearCallback />;
}
