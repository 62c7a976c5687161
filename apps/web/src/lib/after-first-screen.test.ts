import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { afterFirstScreen } from '@/lib/after-first-screen';

describe('after the first screen', () => {
  it('waits for the screen’s data to arrive before what the screen does not need starts, then answers at once', async () => {
    const queryClient = new QueryClient();
    let answer: (value: string) => void = () => undefined;
    void queryClient.prefetchQuery({
      queryKey: ['home'],
      queryFn: () =>
        new Promise<string>((resolve) => {
          answer = resolve;
        }),
    });
    let drawn = false;
    const waiting = afterFirstScreen(queryClient).then(() => {
      drawn = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(drawn).toBe(false);

    answer('figures');
    await waiting;
    expect(drawn).toBe(true);

    // Later screens do not wait: the first one has been drawn.
    void queryClient.prefetchQuery({ queryKey: ['orders'], queryFn: () => new Promise<string>(() => {}) });
    let later = false;
    await afterFirstScreen(queryClient).then(() => {
      later = true;
    });
    expect(later).toBe(true);
  });
});
