import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useStagedList } from '@/lib/use-staged-list';

function List({ items }: { items?: string[] }) {
  const shown = useStagedList(items, 2);
  if (!shown) return <p>Loading</p>;
  return (
    <ul>
      {shown.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

const commits: string[][] = [];
function Recorder({ items }: { items?: string[] }) {
  const shown = useStagedList(items, 2);
  commits.push([...(shown ?? [])]);
  return null;
}

describe('useStagedList', () => {
  it('draws a list that arrives after the loading rows in two commits: the first items, then all', async () => {
    commits.length = 0;
    const { rerender } = render(<Recorder />);
    await act(async () => rerender(<Recorder items={['a', 'b', 'c', 'd']} />));
    expect(commits).toContainEqual(['a', 'b']);
    expect(commits.at(-1)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('ends with every item on screen', async () => {
    const { rerender } = render(<List />);
    expect(screen.getByText('Loading')).toBeInTheDocument();
    rerender(<List items={['a', 'b', 'c', 'd']} />);
    expect(await screen.findByText('d')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(4);
  });

  it('draws a list that is there when the screen mounts whole at once (Back finds its scroll position)', () => {
    commits.length = 0;
    render(<Recorder items={['a', 'b', 'c', 'd']} />);
    expect(commits[0]).toEqual(['a', 'b', 'c', 'd']);
  });

  it('draws a later list (a page turn) whole at once', async () => {
    commits.length = 0;
    const { rerender } = render(<Recorder />);
    await act(async () => rerender(<Recorder items={['a', 'b', 'c']} />));
    commits.length = 0;
    await act(async () => rerender(<Recorder items={['e', 'f', 'g']} />));
    expect(commits).toEqual([['e', 'f', 'g']]);
  });
});
