import { DataExportSection } from './data-export-section.tsx';
import { DeleteAccountSection } from './delete-account-section.tsx';

/** Settings → Your data: the person's data and their account as a whole. */
export function AccountSettingsPanel() {
  return (
    <div className="space-y-8">
      <DataExportSection />
      <DeleteAccountSection />
    </div>
  );
}
