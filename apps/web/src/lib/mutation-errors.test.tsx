import { useMutation } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { AppProviders, createQueryClient } from '@/app/providers';
import { ApiError } from '@/lib/api-client';
import type { WriteErrorMeta } from '@/lib/mutation-errors';

const refused = new ApiError({ status: 409, kind: 'http', message: 'Product is in a live show' });

function FailingWrite({ meta }: { meta?: WriteErrorMeta }) {
  const { mutate } = useMutation({ mutationFn: () => Promise.reject(refused), ...(meta ? { meta } : {}) });
  useEffect(() => mutate(), [mutate]);
  return null;
}

function renderWrite(meta?: WriteErrorMeta) {
  const queryClient = createQueryClient();
  render(
    <AppProviders queryClient={queryClient}>
      <FailingWrite {...(meta ? { meta } : {})} />
    </AppProviders>,
  );
  return queryClient;
}

/**
 * A toast counts once a seller can see it: sonner draws a new toast transparent and fades it in
 * after it mounts, so its text is in the page a moment before it shows (CI, loaded, once caught it
 * in that moment).
 */
async function shown(text: string) {
  await waitFor(() => expect(screen.getByText(text)).toBeVisible());
}

describe('the mutation cache error path', () => {
  it("toasts the mutation's title with the server's message", async () => {
    renderWrite({ errorToast: 'Failed to delete blip' });
    await shown('Failed to delete blip');
    await shown('Product is in a live show');
  });

  it('uses the description the mutation computes', async () => {
    renderWrite({ errorToast: 'Failed to start stream', errorDetail: () => 'Try again' });
    await shown('Failed to start stream');
    await shown('Try again');
  });

  // One app per test, as in the browser: a second app in the same page mounts a second Toaster, and
  // a toast then shows twice (this failed in CI when the second Toaster came before the query).
  it('uses the whole toast the mutation computes', async () => {
    renderWrite({ errorToast: (error) => ({ title: `Refused: ${(error as Error).message}` }) });
    await shown('Refused: Product is in a live show');
  });

  it('shows nothing for a mutation that shows its failure itself', async () => {
    const queryClient = renderWrite();
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    expect(queryClient.getMutationCache().getAll()[0]?.state.status).toBe('error');
    expect(screen.queryByText('Product is in a live show')).not.toBeInTheDocument();
  });
});
