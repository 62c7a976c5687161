import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { YourDataSection } from '@/features/settings/your-data-section';
import { createApiClient } from '@/lib/api-client';
import { fakeFetch } from '@/test/fake-api';
import { renderScreen } from '@/test/render-screen';

const pending = {
  _id: 'e1',
  status: 'pending',
  createdAt: '2026-11-28T05:00:00.000Z',
  readyAt: null,
  sizeBytes: null,
};
const ready = { ...pending, status: 'ready', readyAt: '2026-11-28T05:01:00.000Z', sizeBytes: 52_000 };

describe('Your data', () => {
  it('asks for an export, shows it being prepared, then offers the download when the job is done', async () => {
    let current: typeof pending | typeof ready | null = null;
    const { fetch, calls } = fakeFetch({
      'GET /seller/settings/data-export': () => ({ body: { export: current } }),
      'POST /seller/settings/data-export': () => {
        current = pending;
        return { status: 202, body: { message: "We're preparing your data.", export: pending } };
      },
    });
    const downloads: string[] = [];
    renderScreen(
      '/dashboard/settings',
      '/dashboard/settings',
      <YourDataSection
        api={createApiClient({ fetch })}
        download={async (path, name) => {
          downloads.push(`${path} ${name}`);
        }}
      />,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Prepare my data' }));
    expect(await screen.findByText(/Preparing your data/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Prepare my data' })).toBeDisabled();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);

    current = ready;
    const button = await screen.findByRole('button', { name: 'Download your data' }, { timeout: 6000 });
    expect(screen.getByText(/51 KB/)).toBeVisible();
    await userEvent.click(button);
    await waitFor(() =>
      expect(downloads).toEqual(['/seller/settings/data-export/file kasuwa-store-data.zip']),
    );
  });
});
