/*
 * The Help & Support answers (issue 17), kept as markdown beside this file (articles/*.md): one file
 * per topic, `# Topic` then `## Question` and its answer. They ship inside this screen's chunk only.
 */

export interface HelpArticle {
  /** A slug of the question, for anchors and React keys. */
  id: string;
  topic: string;
  question: string;
  /** The answer, markdown: paragraphs, `- ` lists, **bold** and *italic*. */
  body: string;
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** One topic file as its questions, in the file's order. */
export function parseHelpMarkdown(source: string): HelpArticle[] {
  const text = source.replace(/\r\n/g, '\n');
  const topic = /^# (.+)$/m.exec(text)?.[1]?.trim() ?? 'Help';
  return text
    .split(/^## /m)
    .slice(1)
    .map((section) => {
      const [first = '', ...rest] = section.split('\n');
      const question = first.trim();
      return { id: slug(question), topic, question, body: rest.join('\n').trim() };
    })
    .filter((a) => a.question !== '' && a.body !== '');
}

const sources = import.meta.glob<string>('./articles/*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
});

export const HELP_ARTICLES: readonly HelpArticle[] = Object.keys(sources)
  .sort()
  .flatMap((file) => parseHelpMarkdown(sources[file] ?? ''));

export const HELP_TOPICS: readonly string[] = [...new Set(HELP_ARTICLES.map((a) => a.topic))];
