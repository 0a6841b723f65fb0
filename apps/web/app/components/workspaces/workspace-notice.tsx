import { Alert } from '#web/components/forms/alert.tsx';
import type { WorkspaceNotice } from '#web/lib/team/workspaces.ts';

/** What the dashboard says once after the person left a workspace, or lost access to it. */
export function WorkspaceNoticeAlert({ notice }: { notice: WorkspaceNotice }) {
  return notice.kind === 'access-lost' ? (
    <Alert variant="error">
      You no longer have access to {notice.label}. You are back in your own workspace.
    </Alert>
  ) : (
    <Alert variant="success">You left {notice.label}. You are back in your own workspace.</Alert>
  );
}
