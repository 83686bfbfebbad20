import { useMutation } from '@tanstack/react-query';
import { toast } from '@/components/ui/toast';
import { apiPaths } from '@/config/api-paths';
import { api, errorMessage } from '@/lib/api-client';
import { downloadJson } from '../lib/download';

/** The file's name, as the server names it: ballmatch-{username}-{YYYY-MM-DD}.json. */
export function exportFileName(username: string, exportedAt: string): string {
  return `ballmatch-${username}-${exportedAt.slice(0, 10)}.json`;
}

/** GET /api/user/export, saved as a JSON file; a toast says how it went. */
export function useExportData(username: string) {
  return useMutation({
    mutationFn: () => api.get<{ exportedAt: string }>(apiPaths.userExport),
    onSuccess: (data) => {
      const fileName = exportFileName(username, data.exportedAt);
      downloadJson(data, fileName);
      toast({
        title: 'Data exported',
        description: `Your data was saved as ${fileName}.`,
        variant: 'success',
      });
    },
    onError: (error) =>
      toast({
        title: 'Export failed',
        description: errorMessage(error, 'Please try again.'),
        variant: 'destructive',
      }),
  });
}
