/**
 * The meeting as a Word document (Office Open XML, written by the `docx` library): title, date and
 * link, the summary, My notes, the action items and the transcript with times. The library is loaded on the
 * first export, so a server that never exports does not hold it.
 */
import { clock, readableDate, type ExportedMeeting } from './exported-meeting.ts';
import { markdownBlocks, type Run } from './markdown-blocks.ts';

/** The DOCX file's bytes. */
export async function toDocx(m: ExportedMeeting): Promise<Buffer> {
  const { Document, HeadingLevel, Packer, Paragraph, TextRun, ExternalHyperlink } =
    await import('docx');
  const runs = (list: Run[]) => list.map((r) => new TextRun({ text: r.text, bold: r.bold }));
  const heading = (text: string, level: (typeof HeadingLevel)[keyof typeof HeadingLevel]) =>
    new Paragraph({ heading: level, children: [new TextRun(text)] });
  const levels = [HeadingLevel.HEADING_2, HeadingLevel.HEADING_3, HeadingLevel.HEADING_4];

  const children: InstanceType<typeof Paragraph>[] = [
    new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(m.title)] }),
    new Paragraph({
      children: [
        new TextRun(`${readableDate(m.date)} · `),
        new ExternalHyperlink({
          link: m.url,
          children: [new TextRun({ text: 'Open in Summy', style: 'Hyperlink' })],
        }),
      ],
    }),
  ];
  if (m.attendees.length) {
    children.push(
      new Paragraph({ children: [new TextRun(`Attendees: ${m.attendees.join(', ')}`)] }),
    );
  }
  // The summary and My notes: a section each, their Markdown's headings below its own.
  const markdownSection = (title: string, markdown: string | undefined | null) => {
    if (!markdown?.trim()) return;
    children.push(heading(title, HeadingLevel.HEADING_1));
    for (const block of markdownBlocks(markdown)) {
      if (block.kind === 'heading') {
        children.push(
          new Paragraph({ heading: levels[block.level - 1], children: runs(block.runs) }),
        );
      } else if (block.kind === 'bullet') {
        children.push(new Paragraph({ bullet: { level: 0 }, children: runs(block.runs) }));
      } else children.push(new Paragraph({ children: runs(block.runs) }));
    }
  };
  markdownSection('Summary', m.summary);
  markdownSection('My notes', m.notes?.markdown);
  if (m.actionItems.length) {
    children.push(heading('Action items', HeadingLevel.HEADING_1));
    for (const a of m.actionItems) {
      children.push(
        new Paragraph({
          bullet: { level: 0 },
          children: [
            new TextRun(`${a.completed ? '☑' : '☐'} ${a.title}`),
            ...(a.owner ? [new TextRun({ text: ` (${a.owner})`, italics: true })] : []),
          ],
        }),
      );
    }
  }
  if (m.turns.length) {
    children.push(heading('Transcript', HeadingLevel.HEADING_1));
    for (const t of m.turns) {
      children.push(
        new Paragraph({
          spacing: { after: 120 },
          children: [
            new TextRun({ text: t.speaker, bold: true }),
            new TextRun({ text: ` ${clock(t.start)}`, color: '6B7280' }),
            new TextRun({ text: t.text, break: 1 }),
          ],
        }),
      );
    }
  }
  const doc = new Document({
    creator: 'Summy',
    title: m.title,
    description: `Meeting notes exported from Summy: ${m.url}`,
    sections: [{ children }],
  });
  return Packer.toBuffer(doc);
}
