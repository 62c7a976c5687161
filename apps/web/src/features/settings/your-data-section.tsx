import {
  DATA_EXPORT_FILE_NAME,
  type DataExportRequestedResponse,
  type DataExportResponse,
} from '@kasuwa/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { useState } from 'react';
import type { ApiClient } from '@/lib/api-client';
import { downloadFile, type FileDownloader } from '@/lib/download-file';
import { lagosDateTime } from '@/lib/lagos-date';
import { toast } from '@/lib/toast';
import { Button } from '@/ui/button';

const exportKey = ['settings', 'data-export'] as const;

const sizeText = (bytes: number | null) =>
  bytes === null
    ? ''
    : bytes < 1024 * 1024
      ? `${Math.max(1, Math.round(bytes / 1024))} KB`
      : `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/**
 * "Download your data" (Nigeria Data Protection Act 2023): ask, wait (the screen checks every few
 * seconds, and an e-mail says when it is ready), download the zip.
 */
export function YourDataSection({
  api,
  download = downloadFile,
}: {
  api: ApiClient;
  download?: FileDownloader;
}) {
  const client = useQueryClient();
  const [downloading, setDownloading] = useState(false);
  const query = useQuery({
    queryKey: exportKey,
    queryFn: ({ signal }) => api.get<DataExportResponse>('/seller/settings/data-export', { signal }),
    refetchInterval: (q) => (q.state.data?.export?.status === 'pending' ? 3000 : false),
  });
  const ask = useMutation({
    mutationFn: () => api.post<DataExportRequestedResponse>('/seller/settings/data-export'),
    onSuccess: (answer) => {
      client.setQueryData(exportKey, { export: answer.export });
      toast.success(answer.message);
    },
    meta: { errorToast: 'Could not start your data export' },
  });

  const current = query.data?.export ?? null;
  const save = async () => {
    setDownloading(true);
    try {
      await download('/seller/settings/data-export/file', DATA_EXPORT_FILE_NAME);
    } catch (error) {
      toast.error('Could not download your data', error instanceof Error ? error.message : undefined);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className="flex flex-col gap-3">
      <p className="text-ink-muted text-sm">
        A zip with everything we hold about your store — your profile, products, orders, customers, earnings,
        payouts, returns and notifications — as JSON and spreadsheets (CSV).
      </p>
      <div role="status" aria-live="polite" className="text-sm">
        {current?.status === 'pending' && (
          <p className="text-ink">Preparing your data… We'll e-mail you when it is ready.</p>
        )}
        {current?.status === 'ready' && current.readyAt && (
          <p className="text-ink">
            Ready since {lagosDateTime(current.readyAt)} ({sizeText(current.sizeBytes)}).
          </p>
        )}
        {current?.status === 'failed' && (
          <p className="text-danger-700">The last export failed. Please ask again.</p>
        )}
      </div>
      <div className="flex flex-wrap gap-2">
        {current?.status === 'ready' && (
          <Button
            type="button"
            onClick={() => void save()}
            disabled={downloading}
            aria-busy={downloading || undefined}
          >
            <Download className="size-4" aria-hidden />
            {downloading ? 'Downloading…' : 'Download your data'}
          </Button>
        )}
        <Button
          type="button"
          variant={current?.status === 'ready' ? 'secondary' : 'primary'}
          disabled={ask.isPending || current?.status === 'pending' || query.isPending}
          aria-busy={ask.isPending || undefined}
          onClick={() => ask.mutate()}
        >
          {current?.status === 'ready' ? 'Prepare a fresh copy' : 'Prepare my data'}
        </Button>
      </div>
    </div>
  );
}
