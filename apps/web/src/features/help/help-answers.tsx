import { ChevronDown } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { HELP_ARTICLES, HELP_TOPICS, type HelpArticle } from '@/features/help/help-articles';
import { HelpMarkdown } from '@/features/help/help-markdown';
import { helpIndex } from '@/features/help/help-search';
import { SearchInput } from '@/ui/search-input';

function Answer({
  article,
  defaultOpen,
  level,
}: {
  article: HelpArticle;
  defaultOpen: boolean;
  /** The question's heading level: under the section (h3) or under a topic (h4). */
  level: 'h3' | 'h4';
}) {
  const [open, setOpen] = useState(defaultOpen);
  const Heading = level;
  const panelId = useId();
  return (
    <li className="border-line border-b last:border-b-0">
      <Heading>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((o) => !o)}
          className="flex min-h-12 w-full items-center justify-between gap-3 py-3 text-left font-medium text-ink"
        >
          <span>{article.question}</span>
          <ChevronDown
            aria-hidden
            className={`size-5 shrink-0 text-ink-muted transition-transform ${open ? 'rotate-180' : ''}`}
          />
        </button>
      </Heading>
      <div id={panelId} hidden={!open} className="pb-4">
        {open && <HelpMarkdown source={article.body} />}
      </div>
    </li>
  );
}

/** The searchable answers: every topic's questions, or the matches of a search, best first. */
export function HelpAnswers({
  query,
  onQueryChange,
  articles = HELP_ARTICLES,
}: {
  query: string;
  onQueryChange: (query: string) => void;
  articles?: readonly HelpArticle[];
}) {
  const search = useMemo(() => helpIndex(articles), [articles]);
  const results = useMemo(() => (query.trim() ? search(query) : null), [search, query]);
  const topics = articles === HELP_ARTICLES ? HELP_TOPICS : [...new Set(articles.map((a) => a.topic))];
  const searchId = useId();

  return (
    <section aria-labelledby={`${searchId}-title`} className="rounded-card bg-surface p-4 shadow-card sm:p-5">
      <h2 id={`${searchId}-title`} className="font-semibold text-ink text-lg">
        Answers
      </h2>
      <label htmlFor={searchId} className="mt-3 block font-medium text-ink text-sm">
        Search help
      </label>
      <SearchInput
        id={searchId}
        value={query}
        onChange={(event) => onQueryChange(event.target.value)}
        placeholder="e.g. payout, fees, returns"
        className="mt-1.5"
        autoComplete="off"
      />
      {results ? (
        <div className="mt-4">
          <p role="status" className="text-ink-muted text-sm">
            {results.length === 0
              ? `No answers for “${query.trim()}”. Try another word, or ask us below.`
              : `${results.length} ${results.length === 1 ? 'answer' : 'answers'} for “${query.trim()}”`}
          </p>
          {results.length > 0 && (
            // Keyed by the search, so each new search opens its own best answer.
            <ul key={query.trim()} aria-label="Search results" className="mt-2">
              {results.map((article, i) => (
                <Answer key={article.id} article={article} defaultOpen={i === 0} level="h3" />
              ))}
            </ul>
          )}
          <p className="mt-3 text-sm">
            <a href="#contact-support" className="font-medium text-brand-700 underline underline-offset-2">
              Not what you need? Ask our support team
            </a>
          </p>
        </div>
      ) : (
        topics.map((topic) => (
          <div key={topic} className="mt-5">
            <h3 className="font-semibold text-ink-muted text-xs uppercase tracking-wide">{topic}</h3>
            <ul aria-label={topic} className="mt-1">
              {articles
                .filter((a) => a.topic === topic)
                .map((article) => (
                  <Answer key={article.id} article={article} defaultOpen={false} level="h4" />
                ))}
            </ul>
          </div>
        ))
      )}
    </section>
  );
}
