/** A directive's source (`${api.defect.total}`, `$table{…}`, `$list{…}`): what a reader never needs to see. */
const DIRECTIVE = /\$[a-z]*\{[^}\n]*\}/gi;
const HEADING = /^#{2,4}\s+(.*)$/;

/** A line as words: no Markdown markers, directives shown as an ellipsis. */
const wordsOf = (line: string) =>
  line
    .replace(DIRECTIVE, '…')
    .replace(/^\s*(?:#{1,6}|:--|[-*+]\s+\[[ xX]\]|[-*+]|\d+\.|>)\s*/, '')
    .replace(/[*_`]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * What a template holds, to show on its card instead of its source: its section titles in order
 * ("Test execution · Defects by state · …"), or, without sections, its first lines of prose; a
 * line that is only a directive (a table, say) is left out.
 */
export function templateOutline(content: string): string {
  const lines = content.split(/\r?\n/);
  const headings = lines.flatMap((line) => {
    const match = HEADING.exec(line.trim());
    const words = match ? wordsOf(match[1] ?? '') : '';
    return words ? [words] : [];
  });
  if (headings.length > 0) return headings.join(' · ');
  return lines
    .filter((line) => line.replace(DIRECTIVE, '').trim().length > 0)
    .map(wordsOf)
    .filter((words) => words && words !== '…')
    .slice(0, 3)
    .join(' ');
}
