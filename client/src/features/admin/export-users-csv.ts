import { exportAdminUsers, type Token } from '../../lib/api';
import { attachmentName, saveFile } from './save-file';

// EXPORT TO CSV: the server builds the file (ranked, quoted, formula-safe); this saves it.

export type ExportOutcome = 'saved' | 'forbidden' | 'signed-out' | 'failed' | 'offline';

export const EXPORT_FALLBACK_NAME = 'tapquest-users.csv';

export async function exportUsersCsv(token: Token): Promise<ExportOutcome> {
  let res: Response;
  let blob: Blob;
  try {
    res = await exportAdminUsers(token);
    if (!res.ok) return res.status === 401 ? 'signed-out' : res.status === 403 ? 'forbidden' : 'failed';
    blob = await res.blob();
  } catch {
    // The request, or the body half-way (the server ends a failed export by dropping the connection).
    return 'offline';
  }
  saveFile(blob, attachmentName(res.headers.get('Content-Disposition')) ?? EXPORT_FALLBACK_NAME);
  return 'saved';
}
