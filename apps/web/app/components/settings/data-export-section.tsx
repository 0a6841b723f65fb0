import { formatLongDate } from '@launchkit/plans';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '#web/components/forms/button.tsx';
import { FormOutcome } from '#web/components/forms/form-outcome.tsx';
import { LoadFailure } from '#web/components/forms/load-failure.tsx';
import { SettingsCard, SettingsList } from '#web/components/layout/settings-card.tsx';
import { useApiResource } from '#web/hooks/use-api-resource.ts';
import { useOutcome } from '#web/hooks/use-app-form.ts';
import { useReloadWhile } from '#web/hooks/use-reload-while.ts';
import {
  type DataExport,
  downloadDataExport,
  listDataExports,
  startDataExport,
} from '#web/lib/data-exports.ts';

// An archive is written within seconds; while one is prepared the list is read again this often.
const preparingRefreshMs = 3_000;

const preparingMessage = 'We are preparing your archive. We will email you when it is ready.';

/**
 * Settings → Your data, "Download my data": asks for an archive of everything the product keeps about
 * the person, lists the ones ready with their expiry, and downloads one with the person's own sign-in.
 * The mail's link opens this page with `?export=<id>`, which starts that download: a leaked mail
 * downloads nothing without the sign-in.
 */
export function DataExportSection() {
  const { exports, outcome, isStarting, isPreparing, downloading, start, download } = useDataExports();
  const ready = (exports.data?.exports ?? []).filter((each) => each.status === 'ready');
  let archives: ReactNode = null;
  if (exports.error) {
    archives = <LoadFailure error={exports.error} onRetry={exports.retry} />;
  } else if (ready.length > 0) {
    archives = (
      <SettingsList labelledBy="data-export-archives-title">
        {ready.map((archive) => (
          <ArchiveRow key={archive.id} archive={archive} downloading={downloading} onDownload={download} />
        ))}
      </SettingsList>
    );
  }

  return (
    <SettingsCard
      id="data-export"
      title="Download my data"
      intro="Get a copy of what we keep about you in one JSON file: your profile, your workspace memberships, your items, what you did in each workspace, and your invoices."
    >
      <div className="mt-4 space-y-4">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
          <Button variant="secondary" onClick={() => void start()} busy={isStarting} busyLabel="Asking…">
            Download my data
          </Button>
          {/* An export asked for earlier, still in preparation (the answer to a click is the alert below). */}
          {isPreparing && !outcome && <p className="text-sm text-slate-700">{preparingMessage}</p>}
        </div>
        <FormOutcome outcome={outcome} />
        {archives && (
          <div>
            <h3 id="data-export-archives-title" className="text-sm font-semibold text-slate-900">
              Your archives
            </h3>
            <div className="mt-2">{archives}</div>
          </div>
        )}
      </div>
    </SettingsCard>
  );
}

/**
 * The person's exports: read again while one is prepared; `start` asks for one, `download(id)` downloads
 * one, and the mail's link (`?export=<id>`) downloads once, then leaves the address.
 */
function useDataExports() {
  const exports = useApiResource(listDataExports);
  const { outcome, run } = useOutcome();
  const [isStarting, setIsStarting] = useState(false);
  const [downloading, setDownloading] = useState<string | null>(null);
  const isPreparing = (exports.data?.exports ?? []).some((each) => each.status === 'preparing');
  const { reload } = exports;
  useReloadWhile(isPreparing, reload, preparingRefreshMs);

  const download = async (id: string) => {
    setDownloading(id);
    await run(async () => {
      await downloadDataExport(id);
      return 'Your archive is downloading.';
    });
    setDownloading(null);
  };
  useLinkedExport(download);

  const start = async () => {
    setIsStarting(true);
    await run(async () => {
      await startDataExport();
      reload();
      return preparingMessage;
    });
    setIsStarting(false);
  };
  return { exports, outcome, isStarting, isPreparing, downloading, start, download };
}

/** The mail's link: download once, then drop the id from the address (a reload downloads nothing). */
function useLinkedExport(download: (id: string) => Promise<void>) {
  const [searchParams, setSearchParams] = useSearchParams();
  const linkedExport = searchParams.get('export');
  const handledLink = useRef<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for a new linked id only.
  useEffect(() => {
    if (!linkedExport || handledLink.current === linkedExport) return;
    handledLink.current = linkedExport;
    void download(linkedExport);
    setSearchParams(
      (params) => {
        params.delete('export');
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [linkedExport]);
}

/** One archive ready to download; `downloading`: the id of the one being downloaded. */
function ArchiveRow({
  archive,
  downloading,
  onDownload,
}: {
  archive: DataExport;
  downloading: string | null;
  onDownload: (id: string) => Promise<void>;
}) {
  const made = formatLongDate(archive.readyAt ?? archive.createdAt);
  return (
    <li
      className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
      data-testid="data-export"
    >
      <div className="min-w-0">
        <p className="font-medium text-slate-900">Archive of {made}</p>
        <p className="text-sm text-slate-600">Available until {formatLongDate(archive.expiresAt)}</p>
      </div>
      <Button
        className="self-start sm:self-auto"
        variant="secondary"
        onClick={() => void onDownload(archive.id)}
        busy={downloading === archive.id}
        aria-label={`Download the archive of ${made}`}
      >
        Download
      </Button>
    </li>
  );
}
