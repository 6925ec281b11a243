/**
 * Long transcripts for the tests that need heavy work: the offline model's summaries, the
 * exports' documents.
 */

/**
 * About `bytes` of a varied two-speaker transcript in 'Speaker N: text' turns, blank-line
 * separated; every turn holds its number, so a test can look for the last one.
 */
export function longTranscript(bytes: number): string {
  const lines: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes; i++) {
    const line =
      i % 2
        ? `Speaker 2: I will send the revised budget for region ${i} to finance by Friday, and we decided to move the launch ${i % 7} weeks.`
        : `Speaker 1: The customer in account ${i} reported latency of ${i % 90} milliseconds after the migration, so we should review the cache settings.`;
    lines.push(line);
    size += line.length + 2;
  }
  return lines.join('\n\n');
}
