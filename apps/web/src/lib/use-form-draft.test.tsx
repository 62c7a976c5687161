import { act, renderHook } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FormDraftStore, useFormDraft } from '@/lib/use-form-draft';

type Values = { title: string; price: string };

/** A form with the hook on it, writing into `stored` under the key it is given. */
function renderDraft(key = 'draft.a') {
  const stored = new Map<string, Values>();
  const writes: string[] = [];
  const store = (k: string): FormDraftStore<Values> => ({
    key: k,
    write: (values) => {
      writes.push(k);
      stored.set(k, { ...values });
    },
    clear: () => stored.delete(k),
    debounceMs: 400,
  });
  const view = renderHook(
    ({ k }) => {
      const form = useForm<Values>({ defaultValues: { title: '', price: '' } });
      return { form, draft: useFormDraft(form, store(k)) };
    },
    { initialProps: { k: key } },
  );
  const type = (name: keyof Values, value: string) =>
    act(() => view.result.current.form.setValue(name, value));
  return { ...view, stored, writes, type };
}

describe('useFormDraft', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('writes the form a moment after the last edit, once', () => {
    const { stored, writes, type } = renderDraft();
    type('title', 'Ankara');
    act(() => vi.advanceTimersByTime(300));
    type('title', 'Ankara dress');
    act(() => vi.advanceTimersByTime(399));
    expect(stored.size).toBe(0);
    act(() => vi.advanceTimersByTime(1));
    expect(stored.get('draft.a')).toEqual({ title: 'Ankara dress', price: '' });
    expect(writes).toEqual(['draft.a']);
  });

  it('writes at once when the page is hidden, and not again when nothing changed', () => {
    const { stored, writes, type } = renderDraft();
    type('price', '15,000');
    act(() => {
      window.dispatchEvent(new Event('pagehide'));
    });
    expect(stored.get('draft.a')).toEqual({ title: '', price: '15,000' });
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
      vi.advanceTimersByTime(1000);
    });
    expect(writes).toHaveLength(1);
  });

  it('writes what is pending when the form goes away', () => {
    const { stored, type, unmount } = renderDraft();
    type('title', 'Adire');
    unmount();
    expect(stored.get('draft.a')?.title).toBe('Adire');
  });

  it('does not take a reset (restoring or discarding a draft) for an edit', () => {
    const { result, writes } = renderDraft();
    act(() => result.current.form.reset({ title: 'Restored', price: '' }));
    act(() => vi.advanceTimersByTime(1000));
    expect(writes).toEqual([]);
  });

  it('saves now on request, and forgets the draft while later edits are written again', () => {
    const { result, stored, type } = renderDraft();
    type('title', 'Live show');
    act(() => result.current.draft.save());
    expect(stored.get('draft.a')?.title).toBe('Live show');
    act(() => result.current.draft.forget());
    expect(stored.size).toBe(0);
    type('title', 'Another show');
    act(() => vi.advanceTimersByTime(400));
    expect(stored.get('draft.a')?.title).toBe('Another show');
  });

  it('writes nothing more once the form was sent', () => {
    const { result, stored, type, unmount } = renderDraft();
    type('title', 'Sent');
    act(() => result.current.draft.finish());
    expect(stored.size).toBe(0);
    type('title', 'Edited after sending');
    act(() => {
      vi.advanceTimersByTime(1000);
      window.dispatchEvent(new Event('pagehide'));
    });
    unmount();
    expect(stored.size).toBe(0);
  });

  it('writes an edit pending under the old key when the key changes', () => {
    const { rerender, stored, type } = renderDraft('draft.a');
    type('title', 'For a');
    rerender({ k: 'draft.b' });
    expect(stored.get('draft.a')?.title).toBe('For a');
    type('title', 'For b');
    act(() => vi.advanceTimersByTime(400));
    expect(stored.get('draft.b')?.title).toBe('For b');
  });
});
