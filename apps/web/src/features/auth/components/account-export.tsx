/**
 * Settings > Account > 'Export your data': every meeting (notes, transcript, JSON, and the
 * recordings when ticked), to-dos and chats as one zip, which the browser downloads as the server
 * writes it (`GET /api/account/export`). docs/product.md#export.
 */
import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { startDownload } from '@/lib/download';
import { toast } from '@/lib/toast';

/** Same-origin URL of the account export. */
export function accountExportUrl(audio: boolean): string {
  return `/api/account/export?audio=${audio}`;
}

/** The export block: what is in it, 'Include recordings', and the download button. */
export function AccountExport() {
  const [audio, setAudio] = useState(false);
  const checkboxId = useId();
  const headingId = useId();
  const start = () => {
    startDownload(accountExportUrl(audio));
    toast.success('Export started', {
      description: 'Your browser saves the zip as it is written; large accounts take a while.',
    });
  };
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2 border-t pt-4">
      <h4 id={headingId} className="text-sm font-medium">
        Export your data
      </h4>
      <p className="text-xs text-muted-foreground">
        One zip with every meeting (notes as Markdown for Obsidian, transcript, JSON), your to-dos
        and your chats.
      </p>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <label htmlFor={checkboxId} className="flex items-center gap-2 text-sm">
          <Checkbox id={checkboxId} checked={audio} onCheckedChange={(v) => setAudio(v === true)} />
          Include recordings
        </label>
        <Button variant="outline" size="sm" onClick={start}>
          <Download />
          Download export
        </Button>
      </div>
    </section>
  );
}
