export const trustKeys = {
  blocks: ['trust', 'blocks'] as const,
  adminReports: (status: string, page: number) => ['trust', 'admin-reports', status, page] as const,
  adminAll: ['trust', 'admin-reports'] as const,
};
