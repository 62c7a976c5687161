import type { ReactNode } from 'react';

/*
 * The answers' markdown, drawn as React elements (never as HTML, so nothing in a file can become
 * markup): paragraphs, `- ` bullet lists, **bold** and *italic*. That is all the answers use.
 */

function inline(text: string, keyPrefix: string): ReactNode[] {
  const parts: ReactNode[] = [];
  const pattern = /\*\*(.+?)\*\*|\*(.+?)\*/g;
  let last = 0;
  let n = 0;
  for (let m = pattern.exec(text); m; m = pattern.exec(text)) {
    if (m.index > last) parts.push(text.slice(last, m.index));
    if (m[1] !== undefined)
      parts.push(
        <strong key={`${keyPrefix}-${n++}`} className="font-semibold text-ink">
          {m[1]}
        </strong>,
      );
    else parts.push(<em key={`${keyPrefix}-${n++}`}>{m[2]}</em>);
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

export function HelpMarkdown({ source }: { source: string }) {
  const blocks = source
    .split(/\n\s*\n/)
    .map((b) => b.trim())
    .filter(Boolean);
  return (
    <div className="flex flex-col gap-3 text-ink-muted text-sm leading-relaxed">
      {blocks.map((block) => {
        const lines = block.split('\n');
        if (lines.every((l) => l.startsWith('- '))) {
          return (
            <ul key={block} className="list-disc space-y-1 pl-5">
              {lines.map((l) => (
                <li key={l}>{inline(l.slice(2), l)}</li>
              ))}
            </ul>
          );
        }
        return <p key={block}>{inline(lines.join(' '), block)}</p>;
      })}
    </div>
  );
}
