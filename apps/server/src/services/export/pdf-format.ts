/**
 * The meeting as a PDF (written by pdfkit): title, date and link, the summary, My notes, the action
 * items and the transcript with times, on A4 pages. DejaVu Sans (Debian's fonts-dejavu-core) is embedded
 * when installed, so names and words in any European or Cyrillic script print; without it the
 * PDF's built-in Helvetica is used, which covers Latin-1 only (other characters print as '?').
 * pdfkit is loaded on the first export.
 */
import { existsSync } from 'node:fs';
import { clock, readableDate, type ExportedMeeting } from './exported-meeting.ts';
import { markdownBlocks, type Run } from './markdown-blocks.ts';

const DEJAVU = '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf';
const DEJAVU_BOLD = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';

/** The PDF file's bytes. */
export async function toPdf(m: ExportedMeeting): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: m.title, Creator: 'Summy', Subject: `Meeting notes: ${m.url}` },
  });
  const embedded = existsSync(DEJAVU) && existsSync(DEJAVU_BOLD);
  if (embedded) {
    doc.registerFont('body', DEJAVU);
    doc.registerFont('bold', DEJAVU_BOLD);
  } else {
    doc.registerFont('body', 'Helvetica');
    doc.registerFont('bold', 'Helvetica-Bold');
  }
  // Helvetica's encoding is WinAnsi: anything outside Latin-1 would print as garbage.
  const text = (s: string) => (embedded ? s : s.replace(/[^\x20-\xff\n\t]/g, '?'));
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const runs = (list: Run[], size: number, indent = 0) => {
    list.forEach((r, i) =>
      doc
        .font(r.bold ? 'bold' : 'body')
        .fontSize(size)
        .text(text(r.text), { continued: i < list.length - 1, indent }),
    );
  };
  const heading = (s: string, size = 15) =>
    doc.moveDown(0.8).font('bold').fontSize(size).fillColor('#111827').text(text(s)).moveDown(0.3);

  doc.font('bold').fontSize(22).fillColor('#111827').text(text(m.title));
  doc
    .moveDown(0.2)
    .font('body')
    .fontSize(10)
    .fillColor('#4b5563')
    .text(`${readableDate(m.date)} · `, { continued: true })
    .fillColor('#4338ca')
    .text('Open in Summy', { link: m.url, underline: true });
  doc.fillColor('#111827');
  if (m.attendees.length) {
    doc
      .font('body')
      .fontSize(10)
      .text(text(`Attendees: ${m.attendees.join(', ')}`));
  }
  // The summary and My notes: a section each, their Markdown's headings below its own.
  const markdownSection = (title: string, markdown: string | undefined | null) => {
    if (!markdown?.trim()) return;
    heading(title, 16);
    for (const block of markdownBlocks(markdown)) {
      if (block.kind === 'heading') heading(block.runs.map((r) => r.text).join(''), 13);
      else if (block.kind === 'bullet') {
        doc.font('body').fontSize(11).text('•', { continued: true });
        runs([{ text: ' ', bold: false }, ...block.runs], 11);
      } else {
        runs(block.runs, 11);
        doc.moveDown(0.4);
      }
    }
  };
  markdownSection('Summary', m.summary);
  markdownSection('My notes', m.notes?.markdown);
  actionItemsAndTranscript(doc, m, text, heading);
  doc.end();
  return done;
}

/** Writes the action items (as checkboxes) and the transcript's turns with their times. */
function actionItemsAndTranscript(
  doc: PDFKit.PDFDocument,
  m: ExportedMeeting,
  text: (s: string) => string,
  heading: (s: string, size?: number) => unknown,
): void {
  if (m.actionItems.length) {
    heading('Action items', 16);
    for (const a of m.actionItems) {
      doc
        .font('body')
        .fontSize(11)
        .text(text(`${a.completed ? '[x]' : '[ ]'} ${a.title}${a.owner ? ` (${a.owner})` : ''}`));
    }
  }
  if (m.turns.length) {
    heading('Transcript', 16);
    for (const t of m.turns) {
      doc
        .font('bold')
        .fontSize(10.5)
        .fillColor('#111827')
        .text(text(t.speaker), { continued: true })
        .font('body')
        .fillColor('#6b7280')
        .text(`  ${clock(t.start)}`);
      doc.fillColor('#111827').font('body').fontSize(10.5).text(text(t.text)).moveDown(0.5);
    }
  }
}
